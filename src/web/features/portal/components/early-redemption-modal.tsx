/**
 * Early redemption from the note page (issue 27 section 3, PRODUCT.md 44): the whole note or
 * part of its principal, then the figures before sending (what is paid, the penalty of 90 days'
 * interest, the interest given up), then the request in the queue.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import { centsToMoney, parseMoneyToCents } from '../../../../shared/money/decimal-string';
import type {
  EarlyRedemptionQuote,
  EarlyRedemptionRequest,
  NoteRedemptionResponse,
} from '../../../../shared/redemptions/early-redemption-contracts';
import {
  earlyRedemptionKey,
  fetchRedemptionQuote,
  portalKeys,
  requestEarlyRedemption,
} from '../api/portal-api';

type Step = { name: 'choose' } | { name: 'review'; quote: EarlyRedemptionQuote } | { name: 'done' };

/** What reaches the bank: the amount paid less any backup withholding taken from its interest. */
function bankAmountOf(quote: EarlyRedemptionQuote): string {
  const cents =
    (parseMoneyToCents(quote.amount_paid) ?? 0n) - (parseMoneyToCents(quote.backup_withholding) ?? 0n);
  return centsToMoney(cents);
}

function QuoteFigures({ quote, isHighYield }: { quote: EarlyRedemptionQuote; isHighYield: boolean }) {
  const rows: [string, string][] = [
    ['Principal redeemed', formatUsd(quote.principal_redeemed)],
    [isHighYield ? 'Interest credited to the note' : 'Interest paid with it', formatUsd(quote.interest_paid)],
    ['Penalty (90 days’ interest)', `-${formatUsd(quote.penalty)}`],
  ];
  return (
    <>
      <dl className="review-list redemption-figures" data-testid="redemption-quote">
        {rows.map(([label, value]) => (
          <div key={label} className="review-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {quote.backup_withholding !== '0.00' ? (
          <div className="review-row">
            <dt>Backup withholding for the IRS</dt>
            <dd>-{formatUsd(quote.backup_withholding)}</dd>
          </div>
        ) : null}
        <div className="review-row redemption-total">
          <dt>You would receive</dt>
          <dd>{formatUsd(bankAmountOf(quote))}</dd>
        </div>
      </dl>
      <ul className="redemption-notes muted">
        {quote.penalty_from_principal !== '0.00' ? (
          <li>
            The penalty is more than the interest paid with the redemption, so{' '}
            {formatUsd(quote.penalty_from_principal)} of it comes out of principal.
          </li>
        ) : null}
        {quote.interest_paid_to_bank !== '0.00' ? (
          <li>
            Interest to that day, {formatUsd(quote.interest_paid_to_bank)}, is paid to your bank as every
            month’s interest is.
          </li>
        ) : null}
        <li>
          Interest you give up: {formatUsd(quote.interest_given_up)} that this amount would still earn to the
          end of the note’s term.
        </li>
        {quote.backup_withholding !== '0.00' ? (
          <li>
            The law requires us to withhold part of the interest for the IRS (backup withholding; see Settings
            › Tax information). It is reported in box 4 of your 1099-INT.
          </li>
        ) : null}
        {quote.kind === 'partial' ? (
          <li>{formatUsd(quote.remaining_principal)} stays in the note and keeps earning.</li>
        ) : null}
        <li>
          Worked out as if paid on {formatLongDate(quote.redemption_date)}, the earliest payment date. The
          figures are fixed on the day it is paid; the penalty does not change.
        </li>
      </ul>
    </>
  );
}

function EarlyRedemptionSteps({
  investmentId,
  isHighYield,
  panel,
  onClose,
}: {
  investmentId: string;
  isHighYield: boolean;
  panel: NoteRedemptionResponse;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const name = useId();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [kind, setKind] = useState<'whole' | 'partial'>('whole');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = (): EarlyRedemptionRequest => (kind === 'whole' ? { kind } : { kind, amount });

  const review = useMutation({
    mutationFn: () => fetchRedemptionQuote(investmentId, request()),
    onSuccess: (quote) => {
      setError(null);
      setStep({ name: 'review', quote });
    },
    onError: (failure) => setError(failure.message),
  });
  const send = useMutation({
    mutationFn: () => requestEarlyRedemption(investmentId, request()),
    onSuccess: async () => {
      setStep({ name: 'done' });
      await queryClient.invalidateQueries({ queryKey: earlyRedemptionKey(investmentId) });
      await queryClient.invalidateQueries({ queryKey: portalKeys.notifications });
    },
    onError: (failure) => setError(failure.message),
  });

  if (step.name === 'done') {
    return (
      <div className="purchase-result" role="status">
        <span className="purchase-check" aria-hidden="true">
          ✓
        </span>
        <p className="purchase-result-title">REQUEST SENT</p>
        <p>
          Requests are reviewed in the order they arrive. We will tell you when it is approved or declined;
          you can cancel it on this page until it is approved.
        </p>
        <div className="modal-footer purchase-result-actions">
          <Button onClick={onClose}>CLOSE</Button>
        </div>
      </div>
    );
  }
  if (step.name === 'review') {
    return (
      <div>
        <QuoteFigures quote={step.quote} isHighYield={isHighYield} />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="modal-footer">
          <Button variant="secondary" onClick={() => setStep({ name: 'choose' })}>
            BACK
          </Button>
          <Button onClick={() => send.mutate()} isBusy={send.isPending}>
            Send request
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        review.mutate();
      }}
    >
      <p className="muted">
        Early redemption is at our discretion (agreement section 7). The penalty is {panel.penalty_days} days’
        interest on the amount redeemed, taken from what is paid.
      </p>
      <fieldset className="instruction-fields">
        <legend className="field-label">What to redeem</legend>
        <label className="instruction-option">
          <input type="radio" name={name} checked={kind === 'whole'} onChange={() => setKind('whole')} />
          <span>
            <strong>The whole note</strong>
            <span className="muted"> {formatUsd(panel.earning_principal)} of principal</span>
          </span>
        </label>
        <label className="instruction-option">
          <input
            type="radio"
            name={name}
            checked={kind === 'partial'}
            disabled={panel.partial === null}
            onChange={() => setKind('partial')}
          />
          <span>
            <strong>Part of it</strong>
            <span className="muted">
              {panel.partial
                ? ` from ${formatUsd(panel.partial.minimum)} to ${formatUsd(panel.partial.maximum)}; the rest keeps earning`
                : ' not possible: the note is too small to split'}
            </span>
          </span>
        </label>
      </fieldset>
      {kind === 'partial' ? (
        <TextField
          label="Principal to redeem (USD)"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value.replace(/[^\d.,]/g, ''))}
          error={error}
        />
      ) : error ? (
        <Alert tone="error">{error}</Alert>
      ) : null}
      <div className="modal-footer">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isBusy={review.isPending}>
          Review figures
        </Button>
      </div>
    </form>
  );
}

export function EarlyRedemptionModal(props: {
  investmentId: string;
  isHighYield: boolean;
  panel: NoteRedemptionResponse;
  onClose(): void;
}) {
  return (
    <Modal title="Redeem early" onClose={props.onClose}>
      <EarlyRedemptionSteps {...props} />
    </Modal>
  );
}
