/**
 * Tax information (issue 13 item 14): the tax record behind the Form 1099-INT. It shows the
 * legal name, date of birth, address and the TIN as "SSN ending 6789"; adding or editing asks
 * for a fresh SMS code first (and again at Save if that one has expired). The TIN field is
 * never filled in: left empty on an edit, the number on file stays.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatLongDate } from '../../../../shared/format/long-date';
import type { TaxInformationView } from '../../../../shared/settings/tax-information';
import { TAX_INFORMATION_ANCHOR } from '../../../../shared/settings/tax-information-anchor';
import { describeTinOnFile } from '../../../../shared/tax/tin';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, LoadingState } from '../../../components/ui/feedback';
import { useStepUp } from '../hooks/use-step-up';
import { W9CertificationSection } from './w9-certification-section';

// The form and its validation (zod, react-hook-form) load only when the investor edits (decision 1411).
const loadForm = () => import('./tax-information-form');
const TaxInformationFormFields = lazy(() =>
  loadForm().then((module) => ({ default: module.TaxInformationFormFields })),
);

function TaxInformationDetails({ record }: { record: TaxInformationView }) {
  return (
    <dl className="detail-list">
      <div className="detail-row">
        <dt>Legal name</dt>
        <dd className="detail-value">
          {record.legal_first_name} {record.legal_last_name}
        </dd>
      </div>
      <div className="detail-row">
        <dt>Date of birth</dt>
        <dd className="detail-value">{formatLongDate(record.date_of_birth)}</dd>
      </div>
      <div className="detail-row">
        <dt>Address</dt>
        <dd>
          <address className="tax-address">
            {record.address1}
            {record.address2 ? <>, {record.address2}</> : null}
            <br />
            {record.city}, {record.state} {record.postal_code}
          </address>
        </dd>
      </div>
      <div className="detail-row">
        <dt>Taxpayer ID</dt>
        <dd>
          <div className="detail-text detail-value">
            <span>{describeTinOnFile(record.tin_type, record.tin_last_four)}</span>
            {record.status === 'approved' ? (
              <Badge tone="success">Verified</Badge>
            ) : (
              <Badge tone="warning">Being reviewed</Badge>
            )}
          </div>
        </dd>
      </div>
    </dl>
  );
}

export function TaxInformationCard({ record }: { record: TaxInformationView | null }) {
  const { withStepUp, requestStepUp, stepUpDialog } = useStepUp('change your tax information');
  const [isEditing, setEditing] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const savedNoteRef = useRef<HTMLDivElement>(null);

  // Saving swaps the tall form for the short details, so the page would be left scrolled past
  // the message and focus lost with the Save button: bring the message to the investor instead.
  useEffect(() => {
    const note = savedNoteRef.current;
    if (!savedNote || !note) return;
    note.scrollIntoView({ block: 'center' });
    note.focus({ preventScroll: true });
    // The cards around it refresh from the saved answer (the W-9 section, identity, delivery) and
    // can move it: once they have, bring it back if the investor has not moved on.
    const settle = window.setTimeout(() => {
      if (document.activeElement === note) note.scrollIntoView({ block: 'center' });
    }, 400);
    return () => window.clearTimeout(settle);
  }, [savedNote]);

  const startEditing = async () => {
    setSavedNote(null);
    // Fetched while the SMS code is asked for.
    void loadForm();
    if (await requestStepUp()) setEditing(true);
  };

  return (
    <section id={TAX_INFORMATION_ANCHOR} className="card settings-card" aria-labelledby="tax-heading">
      <div className="settings-card-head">
        <h2 id="tax-heading" tabIndex={-1}>
          Tax information
        </h2>
        {record && !isEditing ? (
          <Button variant="secondary" size="sm" onClick={startEditing}>
            Edit
          </Button>
        ) : null}
      </div>
      <p className="muted tax-intro">
        We print these details on your Form 1099-INT. Your taxpayer ID is encrypted, and any change needs a
        code sent to your phone.
      </p>
      {savedNote ? (
        <div ref={savedNoteRef} tabIndex={-1} className="tax-saved-note">
          <Alert tone="success">{savedNote}</Alert>
        </div>
      ) : null}
      {isEditing ? (
        <Suspense fallback={<LoadingState text="Loading the form..." />}>
          <TaxInformationFormFields
            record={record}
            withStepUp={withStepUp}
            onSaved={(message) => {
              setEditing(false);
              setSavedNote(message);
            }}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      ) : record ? (
        <>
          <TaxInformationDetails record={record} />
          <W9CertificationSection />
        </>
      ) : (
        <div className="tax-empty">
          <p>
            <strong>No tax details yet.</strong> Add your legal name, address and SSN or ITIN so we can issue
            your tax forms.
          </p>
          <Button onClick={startEditing}>Add tax information</Button>
        </div>
      )}
      {stepUpDialog}
    </section>
  );
}
