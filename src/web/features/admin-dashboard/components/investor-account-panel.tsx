/**
 * The investor lifecycle on the investor detail (issue 16 item 3): status with its history,
 * suspend / reinstate / close / end sessions with a reason, the tax record (the identity check and
 * screening are in IdentityPanel, shown once), bank accounts, pending transfers (cancel with a reason), the messages sent, and the proposal of a
 * four-eyes adjustment to one of the notes. Support sees everything and can change nothing.
 */
import { type FormEvent, useState } from 'react';
import {
  type AdjustmentDirection,
  type AdminInvestorAccountResponse,
  closeBlockerLabels,
  proposeAdjustmentRequest,
  reasonSchema,
} from '../../../../shared/admin/back-office-contracts';
import { humanizeCode } from '../../../../shared/admin/display';
import { can } from '../../../../shared/admin/permissions';
import { formatUsd } from '../../../../shared/format/money-format';
import { investmentTypeLabel } from '../../../../shared/products/plans';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Alert, Badge, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useAdminSession } from '../../../lib/admin-session';
import { formatCalendarDate, formatLocalDateTime } from '../../../lib/format-date-time';
import {
  type LifecycleAction,
  useCancelWithdrawal,
  useInvestorAccount,
  useLifecycleAction,
  useProposeAdjustment,
} from '../api/investor-account-queries';

interface NoteOption {
  id: string;
  investment_type: string;
  status: string;
  value: string;
  start_date: string;
}

const actionLabels: Record<LifecycleAction, string> = {
  suspend: 'Suspend',
  reinstate: 'Reinstate',
  close: 'Close account',
  'revoke-sessions': 'End all sessions',
};

const actionDone: Record<LifecycleAction, string> = {
  suspend:
    'Suspended: the investor is signed out everywhere and cannot sign in or buy. Interest keeps accruing.',
  reinstate: 'Reinstated: the investor can sign in again.',
  close: 'Account closed.',
  'revoke-sessions': 'Every session has ended.',
};

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'Check this field');
}

export function InvestorAccountPanel({
  investorId,
  notes,
}: {
  investorId: string;
  notes: readonly NoteOption[];
}) {
  const { admin } = useAdminSession();
  const mayManage = can(admin?.role, 'investors:manage');
  const mayPropose = can(admin?.role, 'adjustments:propose');
  const account = useInvestorAccount(investorId);
  if (account.isPending) return <LoadingState text="Loading account..." />;
  if (account.isError) return <ErrorState message={account.error.message} />;
  const data = account.data;
  const actions: LifecycleAction[] =
    data.status === 'closed'
      ? []
      : data.status === 'suspended'
        ? ['reinstate', 'close', 'revoke-sessions']
        : ['suspend', 'close', 'revoke-sessions'];
  return (
    <section className="investor-account" aria-label="Account">
      <h3 className="detail-heading">Account status</h3>
      <p>
        <Badge tone={data.status === 'active' ? 'success' : data.status === 'pending' ? 'warning' : 'danger'}>
          {humanizeCode(data.status)}
        </Badge>{' '}
        {data.status_reason ? <span className="muted">Reason: {data.status_reason}</span> : null}
        <span className="muted"> · {data.live_session_count} live session(s)</span>
      </p>
      {mayManage && actions.length > 0 ? (
        <LifecycleActions investorId={investorId} actions={actions} blockers={data.close_blockers} />
      ) : null}
      {data.status_history.length > 0 ? (
        <DataTable
          caption="Status history"
          rows={data.status_history}
          rowKey={(row) => row.id}
          columns={[
            { key: 'when', label: 'When', isTitle: true, cell: (row) => formatLocalDateTime(row.created_at) },
            {
              key: 'change',
              label: 'Change',
              cell: (row) => `${humanizeCode(row.from_status)} → ${humanizeCode(row.to_status)}`,
            },
            { key: 'reason', label: 'Reason', cell: (row) => row.reason },
            { key: 'by', label: 'By', cell: (row) => row.admin_name },
          ]}
        />
      ) : null}

      {/* The identity check and watchlist are in "Identity and screening" above: each fact is shown once. */}
      <h3 className="detail-heading">Tax record</h3>
      {data.identity ? (
        <dl className="detail-grid">
          <div>
            <dt>Legal name</dt>
            <dd>{data.identity.legal_name}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>
              {data.identity.city}, {data.identity.state}
            </dd>
          </div>
          <div>
            <dt>Tax id</dt>
            <dd>
              {data.identity.tin_type.toUpperCase()} ending {data.identity.tin_last_four}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="muted">
          No tax record yet (it is made when identity is verified): no tax form can be issued.
        </p>
      )}

      <h3 className="detail-heading">Bank accounts</h3>
      {data.bank_accounts.length === 0 ? (
        <p className="muted">No bank account linked.</p>
      ) : (
        <DataTable
          caption="Bank accounts"
          rows={data.bank_accounts}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'account',
              label: 'Account',
              isTitle: true,
              cell: (row) =>
                `${row.institution_name} ${humanizeCode(row.account_type).toLowerCase()} ••${row.account_last_four}`,
            },
            { key: 'status', label: 'Status', cell: (row) => humanizeCode(row.verification_status) },
            {
              key: 'use',
              label: 'Use',
              cell: (row) => (row.removed_at ? 'Replaced' : row.is_primary ? 'Primary' : 'Not primary'),
            },
            { key: 'linked', label: 'Linked', cell: (row) => formatLocalDateTime(row.linked_at) },
          ]}
        />
      )}

      <h3 className="detail-heading">Pending transfers to the bank</h3>
      {data.pending_withdrawals.length === 0 ? (
        <p className="muted">No pending transfers.</p>
      ) : (
        <DataTable
          caption="Pending transfers"
          rows={data.pending_withdrawals}
          rowKey={(row) => row.id}
          columns={[
            { key: 'amount', label: 'Amount', isTitle: true, cell: (row) => formatUsd(row.amount) },
            { key: 'requested', label: 'Requested', cell: (row) => formatLocalDateTime(row.requested_at) },
            { key: 'paid', label: 'Paid on', cell: (row) => formatCalendarDate(row.scheduled_for) },
            {
              key: 'bank',
              label: 'To',
              cell: (row) => (row.bank_last_four ? `••${row.bank_last_four}` : '—'),
            },
            ...(mayManage
              ? [
                  {
                    key: 'cancel',
                    label: 'Cancel',
                    isLabelHidden: true,
                    cell: (row: AdminInvestorAccountResponse['pending_withdrawals'][number]) => (
                      <CancelWithdrawal investorId={investorId} withdrawalId={row.id} />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}

      {mayPropose && notes.some((note) => note.status === 'active' || note.status === 'matured') ? (
        <ProposeAdjustment investorId={investorId} notes={notes} />
      ) : null}

      <h3 className="detail-heading">Messages sent</h3>
      {data.messages.length === 0 ? (
        <p className="muted">No e-mail or text message sent yet.</p>
      ) : (
        <DataTable
          caption="Messages sent"
          rows={data.messages}
          rowKey={(row) => row.id}
          columns={[
            { key: 'when', label: 'Sent', isTitle: true, cell: (row) => formatLocalDateTime(row.created_at) },
            { key: 'channel', label: 'Channel', cell: (row) => (row.channel === 'email' ? 'E-mail' : 'SMS') },
            { key: 'subject', label: 'Subject', cell: (row) => row.subject ?? 'Text message' },
            { key: 'status', label: 'Status', cell: (row) => humanizeCode(row.status) },
          ]}
        />
      )}
    </section>
  );
}

function LifecycleActions({
  investorId,
  actions,
  blockers,
}: {
  investorId: string;
  actions: LifecycleAction[];
  blockers: readonly (keyof typeof closeBlockerLabels)[];
}) {
  const [chosen, setChosen] = useState<LifecycleAction | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mutation = useLifecycleAction(investorId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const problem = firstIssue(reasonSchema.safeParse(reason));
    setError(problem);
    if (problem) return;
    mutation.mutate(
      { action: chosen, reason: reason.trim() },
      {
        onSuccess: () => {
          setDone(actionDone[chosen]);
          setChosen(null);
          setReason('');
        },
      },
    );
  };
  return (
    <div className="lifecycle-actions">
      {done ? <Alert tone="success">{done}</Alert> : null}
      <div className="row lifecycle-buttons">
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'close' || action === 'suspend' ? 'danger' : 'secondary'}
            size="sm"
            onClick={() => {
              setChosen(action);
              setDone(null);
              setError(null);
              mutation.reset();
            }}
            disabled={action === 'close' && blockers.length > 0}
          >
            {actionLabels[action]}
          </Button>
        ))}
      </div>
      {blockers.length > 0 ? (
        <p className="field-hint">
          Closing needs a final transfer first: {blockers.map((key) => closeBlockerLabels[key]).join('; ')}.
        </p>
      ) : null}
      {chosen ? (
        <form className="lifecycle-form" onSubmit={submit} noValidate>
          <TextAreaField
            label={`Reason to ${actionLabels[chosen].toLowerCase()}`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={error}
            rows={2}
            maxLength={500}
          />
          {mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
          <div className="row">
            <Button type="submit" size="sm" isBusy={mutation.isPending}>
              Confirm: {actionLabels[chosen]}
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={() => setChosen(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

function CancelWithdrawal({ investorId, withdrawalId }: { investorId: string; withdrawalId: string }) {
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useCancelWithdrawal(investorId);
  if (!isOpen) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Cancel transfer
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = firstIssue(reasonSchema.safeParse(reason));
    setError(problem);
    if (!problem) mutation.mutate({ withdrawalId, reason: reason.trim() });
  };
  return (
    <form className="lifecycle-form" onSubmit={submit} noValidate>
      <TextField
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={error ?? (mutation.isError ? mutation.error.message : null)}
        maxLength={500}
      />
      <div className="row">
        <Button type="submit" size="sm" variant="danger" isBusy={mutation.isPending}>
          Cancel it
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>
          Keep
        </Button>
      </div>
    </form>
  );
}

function ProposeAdjustment({ investorId, notes }: { investorId: string; notes: readonly NoteOption[] }) {
  const adjustable = notes.filter((note) => note.status === 'active' || note.status === 'matured');
  const [investmentId, setInvestmentId] = useState(adjustable[0]?.id ?? '');
  const [direction, setDirection] = useState<AdjustmentDirection>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [isSent, setSent] = useState(false);
  const mutation = useProposeAdjustment(investorId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = proposeAdjustmentRequest.safeParse({
      investment_id: investmentId,
      direction,
      amount,
      reason,
    });
    if (!parsed.success) {
      const next: Record<string, string | null> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setSent(true);
        setAmount('');
        setReason('');
      },
    });
  };
  return (
    <form className="adjustment-form" onSubmit={submit} noValidate aria-label="Propose an adjustment">
      <h3 className="detail-heading">Propose an adjustment</h3>
      <p className="field-hint">
        A credit or debit to one note. It changes nothing until a different operations or super admin approves
        it under Approvals.
      </p>
      {isSent ? <Alert tone="success">Proposed. It now waits for a second admin's approval.</Alert> : null}
      <div className="adjustment-fields">
        <SelectField
          label="Note"
          value={investmentId}
          onChange={(event) => setInvestmentId(event.target.value)}
          error={errors.investment_id ?? null}
        >
          {adjustable.map((note) => (
            <option key={note.id} value={note.id}>
              {investmentTypeLabel(note.investment_type)} from {formatCalendarDate(note.start_date)} ·{' '}
              {formatUsd(note.value)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Direction"
          value={direction}
          onChange={(event) => setDirection(event.target.value as AdjustmentDirection)}
        >
          <option value="credit">Credit (add to the note)</option>
          <option value="debit">Debit (take from the note)</option>
        </SelectField>
        <TextField
          label="Amount (USD)"
          inputMode="decimal"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setSent(false);
          }}
          error={errors.amount ?? null}
          placeholder="0.00"
          maxLength={12}
        />
      </div>
      <TextAreaField
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason ?? null}
        rows={2}
        maxLength={500}
      />
      {mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
      <Button type="submit" size="sm" isBusy={mutation.isPending}>
        Propose adjustment
      </Button>
    </form>
  );
}
