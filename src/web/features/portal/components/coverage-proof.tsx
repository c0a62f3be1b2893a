/**
 * "Your notes are counted" on the Documents page (issue 27 section 2, decision 1943): the proof
 * for each of the holder's notes, checked here in the browser with the shared verifier against
 * the digest the public coverage page publishes. The proof shows only the holder's own parts
 * and the sums beside them, never another holder's note or amount.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import {
  type NoteProof,
  type PublishedDigest,
  verifyNoteProof,
} from '../../../../shared/liquidity/merkle-sum-tree';
import { purchaseReference } from '../../../../shared/portal/transaction-display';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { fetchCoverageProof, fetchPublishedDigest, portalKeys } from '../api/portal-api';

function shortHash(hash: string): string {
  return `${hash.slice(0, 10)}…${hash.slice(-6)}`;
}

export function CoverageProof() {
  const proof = useQuery({ queryKey: portalKeys.coverageProof, queryFn: fetchCoverageProof });
  const published = useQuery({ queryKey: ['portal', 'published-digest'], queryFn: fetchPublishedDigest });
  const [results, setResults] = useState<Record<string, boolean> | null>(null);
  if (proof.isPending || published.isPending) return <LoadingState text="Loading your proof..." />;
  if (proof.isError) return <ErrorState title="We couldn’t load your proof" message={proof.error.message} />;
  if (published.isError)
    return <ErrorState title="We couldn’t load the published digest" message={published.error.message} />;
  const data = proof.data;
  if (!data.published) return null;
  if (!data.digest || !data.taken_on) {
    return <p className="muted">The first figures are published after tomorrow morning’s check.</p>;
  }
  const digest: PublishedDigest = published.data
    ? { root_hash: published.data.digest.root_hash, total_cents: published.data.digest.total_cents }
    : data.digest;
  const isSameSnapshot = digest.root_hash === data.digest.root_hash;
  const check = () =>
    setResults(
      Object.fromEntries(
        data.notes.map((note: NoteProof) => [note.investment_id, verifyNoteProof(note, digest)]),
      ),
    );
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(
      new Blob([JSON.stringify({ digest, taken_on: data.taken_on, notes: data.notes }, null, 2)], {
        type: 'application/json',
      }),
    );
    link.download = `coverage-proof-${data.taken_on}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="coverage-proof">
      <p className="muted">
        Published digest of {formatLongDate(data.taken_on)}: <code>{shortHash(digest.root_hash)}</code>.{' '}
        <a href="/transparency">See the coverage page</a>.
      </p>
      {!isSameSnapshot ? (
        <Alert tone="info">
          The coverage page has newer figures than your proof; your proof updates after the next check.
        </Alert>
      ) : null}
      {data.notes.length === 0 ? (
        <p className="muted">You had no note with a balance when these figures were taken.</p>
      ) : (
        <ul className="coverage-proof-notes">
          {data.notes.map((note) => (
            <li key={note.investment_id} className="coverage-proof-note">
              <span>
                Note {purchaseReference(note.investment_id)}{' '}
                <span className="muted">
                  counted at {formatUsd(note.amount)} in {note.leaves.length} parts
                </span>
              </span>
              {results ? (
                results[note.investment_id] ? (
                  <Badge tone="success">Verified</Badge>
                ) : (
                  <Badge tone="danger">Does not verify</Badge>
                )
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data.notes.length > 0 ? (
        <div className="row coverage-proof-actions">
          <Button size="sm" onClick={check}>
            Check my notes
          </Button>
          <Button size="sm" variant="secondary" onClick={download}>
            Download proof
          </Button>
        </div>
      ) : null}
      {results && Object.values(results).every(Boolean) ? (
        <Alert tone="success">Every one of your notes is counted in the published total.</Alert>
      ) : null}
      {results && !Object.values(results).every(Boolean) ? (
        <Alert tone="error">
          A note did not verify against the published digest. Write to support and keep the downloaded proof.
        </Alert>
      ) : null}
    </div>
  );
}
