/**
 * Bank Account (spec 2 and 4): the primary account (institution, type, last four, status)
 * and what each verification state offers: pending (check again, or link another),
 * micro_deposits_pending (enter the two amounts), verified (change), failed (link a
 * different account). A replacement awaiting verification is shown under the primary.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { maskedAccount } from '../../../../shared/banking/bank-account-format';
import type { BankAccountView, BankVerificationStatus } from '../../../../shared/banking/contracts';
import { formatUsd } from '../../../../shared/format/money-format';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, type BadgeTone, EmptyState } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import {
  refreshBankVerification,
  removeBankAccount,
  settingsKeys,
  verifyMicroDeposits,
} from '../api/settings-api';

const statusBadges: Record<BankVerificationStatus, { label: string; tone: BadgeTone }> = {
  verified: { label: 'Verified', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  micro_deposits_pending: { label: 'Awaiting deposits', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('');
}

function InstitutionLogo({ account }: { account: BankAccountView }) {
  if (account.institution_logo) {
    return <img className="institution-logo" src={account.institution_logo} alt="" width={44} height={44} />;
  }
  return (
    <span className="institution-logo institution-initials" aria-hidden="true">
      {initialsOf(account.institution_name) || '$'}
    </span>
  );
}

function AccountSummary({ account }: { account: BankAccountView }) {
  const badge = statusBadges[account.verification_status];
  return (
    <div className="bank-summary">
      <InstitutionLogo account={account} />
      <div className="bank-summary-text">
        <p className="bank-summary-name">{account.institution_name}</p>
        <p className="muted">
          {account.account_name ? `${account.account_name} · ` : ''}
          {account.account_type === 'checking' ? 'Checking' : 'Savings'}{' '}
          {maskedAccount(account.account_last_four)}
        </p>
      </div>
      <Badge tone={badge.tone}>{badge.label}</Badge>
    </div>
  );
}

function MicroDepositForm({ account }: { account: BankAccountView }) {
  const queryClient = useQueryClient();
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const verify = useMutation({
    mutationFn: () => verifyMicroDeposits(account.id, { amount_1: first, amount_2: second }),
    onSuccess: async (result) => {
      if (result.ok || result.error_code === 'verification_failed') {
        await queryClient.invalidateQueries({ queryKey: settingsKeys.settings });
      }
    },
  });
  const result = verify.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate();
  };
  const attemptsLeft =
    result?.bank_account?.micro_deposit_attempts_left ?? account.micro_deposit_attempts_left;
  return (
    <form className="micro-deposits" onSubmit={submit} noValidate>
      <p>
        We sent two small deposits to this account. When they appear on your statement (usually within 1-2
        business days), enter the amounts to finish verification.
      </p>
      {account.sandbox_statement ? (
        <Alert tone="info" title="Sandbox bank statement:">
          deposits of {account.sandbox_statement.map((amount) => formatUsd(amount)).join(' and ')}. A real
          bank shows them on your statement.
        </Alert>
      ) : null}
      {result && !result.ok ? <Alert tone="error">{result.error}</Alert> : null}
      {verify.isError ? <Alert tone="error">{verify.error.message}</Alert> : null}
      <div className="micro-deposit-fields">
        <TextField
          label="First deposit"
          inputMode="decimal"
          placeholder="0.00"
          autoComplete="off"
          value={first}
          onChange={(event) => setFirst(event.target.value)}
        />
        <TextField
          label="Second deposit"
          inputMode="decimal"
          placeholder="0.00"
          autoComplete="off"
          value={second}
          onChange={(event) => setSecond(event.target.value)}
        />
        <Button type="submit" isBusy={verify.isPending} disabled={!first || !second}>
          Verify amounts
        </Button>
      </div>
      {attemptsLeft !== null ? (
        <p className="field-hint">
          {attemptsLeft} {attemptsLeft === 1 ? 'attempt' : 'attempts'} left.
        </p>
      ) : null}
    </form>
  );
}

function PendingPanel({ account }: { account: BankAccountView }) {
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => refreshBankVerification(account.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.settings }),
  });
  return (
    <div className="bank-state">
      <p>Verification is in progress. It is usually instant but may take 1-2 business days.</p>
      {refresh.data && !refresh.data.ok ? <Alert tone="error">{refresh.data.error}</Alert> : null}
      {refresh.data?.ok && refresh.data.bank_account?.verification_status === 'pending' ? (
        <p className="field-hint" role="status">
          Still pending. We will let you know as soon as it is verified.
        </p>
      ) : null}
      <Button variant="secondary" size="sm" isBusy={refresh.isPending} onClick={() => refresh.mutate()}>
        Check status
      </Button>
    </div>
  );
}

function AccountState({ account, onLinkDifferent }: { account: BankAccountView; onLinkDifferent(): void }) {
  switch (account.verification_status) {
    case 'verified':
      return (
        <p className="bank-state muted">
          {account.is_primary
            ? 'Purchases are funded from this account, and interest and transfers are paid to it.'
            : 'Verified.'}
          {account.verified_at ? ` Verified ${formatLocalDateTime(account.verified_at)}.` : ''}
        </p>
      );
    case 'pending':
      return <PendingPanel account={account} />;
    case 'micro_deposits_pending':
      return <MicroDepositForm account={account} />;
    case 'failed':
      return (
        <div className="bank-state">
          <Alert tone="error">We could not verify this account. Please link a different account.</Alert>
          <Button size="sm" onClick={onLinkDifferent}>
            Link a different account
          </Button>
        </div>
      );
  }
}

function ReplacementPanel({
  account,
  onLinkDifferent,
}: {
  account: BankAccountView;
  onLinkDifferent(): void;
}) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => removeBankAccount(account.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.settings }),
  });
  return (
    <div className="bank-replacement">
      <p className="eyebrow">New account, not yet verified</p>
      <AccountSummary account={account} />
      <p className="muted">It becomes your primary account once verified; the current one is then removed.</p>
      <AccountState account={account} onLinkDifferent={onLinkDifferent} />
      {cancel.isError ? <Alert tone="error">{cancel.error.message}</Alert> : null}
      <Button variant="ghost" size="sm" isBusy={cancel.isPending} onClick={() => cancel.mutate()}>
        Cancel this change
      </Button>
    </div>
  );
}

export function BankAccountCard({
  accounts,
  onLink,
  onChange,
}: {
  accounts: BankAccountView[];
  /** Opens the wizard (first account, or one that never got verified). */
  onLink(): void;
  /** A bank change: the consequences first, then a fresh SMS code, then the wizard. */
  onChange(): void;
}) {
  const primary = accounts.find((account) => account.is_primary) ?? null;
  const replacement = accounts.find((account) => !account.is_primary) ?? null;
  return (
    <section className="card settings-card" id="bank-account" aria-labelledby="bank-heading">
      <div className="settings-card-head">
        <h2 id="bank-heading">Bank Account</h2>
        {primary?.verification_status === 'verified' && !replacement ? (
          <Button variant="secondary" size="sm" onClick={onChange}>
            Change bank account
          </Button>
        ) : null}
      </div>
      {primary ? (
        <div className="bank-primary">
          <AccountSummary account={primary} />
          <AccountState account={primary} onLinkDifferent={onLink} />
          {primary.verification_status === 'pending' ||
          primary.verification_status === 'micro_deposits_pending' ? (
            <button type="button" className="btn-link bank-different" onClick={onLink}>
              Link a different account instead
            </button>
          ) : null}
        </div>
      ) : (
        <EmptyState
          title="No bank account linked"
          action={<Button onClick={onLink}>Link a bank account</Button>}
        >
          Link the account purchases are funded from and interest is paid to.
        </EmptyState>
      )}
      {replacement ? <ReplacementPanel account={replacement} onLinkDifferent={onChange} /> : null}
    </section>
  );
}
