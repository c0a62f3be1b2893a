/**
 * The investor's profile on the investor detail (issue 26 section 2): accredited or not, the
 * Regulation A limit figures, purchases refused for a limit, the profile's history, evidence to
 * review, and staff changes that apply only when a second admin approves them (four-eyes).
 */
import { type FormEvent, useState } from 'react';
import { humanizeCode } from '../../../../shared/admin/display';
import { can } from '../../../../shared/admin/permissions';
import { formatUsd } from '../../../../shared/format/money-format';
import { accreditationBasisLabels } from '../../../../shared/offerings/offering-rules';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { openAdminFile } from '../../../lib/admin-api';
import { useAdminSession } from '../../../lib/admin-session';
import { formatCalendarDate, formatLocalDateTime } from '../../../lib/format-date-time';
import { useInvestorProfile, useProfileActions } from '../api/investor-profile-queries';

function ProposeChange({ investorId }: { investorId: string }) {
  const { propose } = useProfileActions(investorId);
  const [choice, setChoice] = useState<'accredited' | 'not_accredited'>('not_accredited');
  const [income, setIncome] = useState('');
  const [netWorth, setNetWorth] = useState('');
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    propose.mutate({
      profile:
        choice === 'accredited'
          ? { is_accredited: true, accreditation_basis: 'net_worth' }
          : { is_accredited: false, annual_income: income, net_worth: netWorth },
      reason,
    });
  };
  return (
    <form className="profile-change-form" onSubmit={submit} noValidate>
      <SelectField
        label="Change the profile to"
        value={choice}
        onChange={(event) => setChoice(event.target.value as 'accredited' | 'not_accredited')}
      >
        <option value="not_accredited">Not accredited, with these figures</option>
        <option value="accredited">Accredited (net worth)</option>
      </SelectField>
      {choice === 'not_accredited' ? (
        <div className="profile-change-figures">
          <TextField
            label="Annual income (USD)"
            value={income}
            maxLength={20}
            onChange={(e) => setIncome(e.target.value)}
          />
          <TextField
            label="Net worth (USD)"
            value={netWorth}
            maxLength={20}
            onChange={(e) => setNetWorth(e.target.value)}
          />
        </div>
      ) : null}
      <TextAreaField
        label="Reason"
        value={reason}
        maxLength={500}
        rows={2}
        onChange={(e) => setReason(e.target.value)}
      />
      {propose.isError ? <Alert tone="error">{propose.error.message}</Alert> : null}
      <Button type="submit" variant="secondary" size="sm" isBusy={propose.isPending}>
        Propose change (needs a second admin)
      </Button>
    </form>
  );
}

export function InvestorProfilePanel({ investorId }: { investorId: string }) {
  const { admin } = useAdminSession();
  const mayManage = can(admin?.role, 'offerings:manage');
  const query = useInvestorProfile(investorId);
  const { decide, review } = useProfileActions(investorId);
  const [fileError, setFileError] = useState<string | null>(null);
  if (query.isPending) return <LoadingState text="Loading the investor profile..." />;
  if (query.isError) return <ErrorState message={query.error.message} />;
  const { profile, limit, refusals, history, overrides, evidence } = query.data;
  const pending = overrides.filter((override) => override.status === 'pending');
  return (
    <section className="investor-profile-panel" aria-labelledby="investor-profile-panel-heading">
      <h3 id="investor-profile-panel-heading" className="detail-heading">
        Investor profile and limits
      </h3>
      {profile ? (
        <dl className="detail-grid">
          <div>
            <dt>Status</dt>
            <dd>
              {profile.is_accredited ? 'Accredited' : 'Not accredited'}{' '}
              {profile.is_expired ? <Badge tone="warning">Older than 12 months</Badge> : null}
            </dd>
          </div>
          {profile.accreditation_basis ? (
            <div>
              <dt>Basis</dt>
              <dd>{accreditationBasisLabels[profile.accreditation_basis]}</dd>
            </div>
          ) : null}
          {!profile.is_accredited ? (
            <>
              <div>
                <dt>Income / net worth</dt>
                <dd>
                  {formatUsd(profile.annual_income ?? '0')} / {formatUsd(profile.net_worth ?? '0')}
                </dd>
              </div>
              <div>
                <dt>Tier 2 limit, 12 months</dt>
                <dd>
                  {formatUsd(limit.used_12_months)} used of {formatUsd(limit.limit ?? '0')};{' '}
                  {formatUsd(limit.left ?? '0')} left
                </dd>
              </div>
            </>
          ) : null}
          <div>
            <dt>Certified</dt>
            <dd>{formatCalendarDate(profile.certified_on)}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted">
          No profile yet: asked before the first purchase in a Regulation A Tier 2 offering.
        </p>
      )}
      {refusals.length > 0 ? (
        <>
          <h4>Refused for a limit</h4>
          <ul className="profile-list">
            {refusals.map((refusal) => (
              <li key={refusal.id}>
                {formatLocalDateTime(refusal.created_at)}: {humanizeCode(refusal.kind)} of{' '}
                {formatUsd(refusal.amount)} in {refusal.offering_name}, {humanizeCode(refusal.reason)}{' '}
                (allowed {formatUsd(refusal.allowed)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {evidence.length > 0 ? (
        <>
          <h4>Proof of accreditation</h4>
          {fileError ? <Alert tone="error">{fileError}</Alert> : null}
          <ul className="profile-list">
            {evidence.map((item) => (
              <li key={item.id}>
                <Button
                  variant="link"
                  onClick={() =>
                    void openAdminFile(`/api/admin/investors/${investorId}/evidence/${item.id}`).catch(
                      (error: Error) => setFileError(error.message),
                    )
                  }
                >
                  {item.file_name}
                </Button>{' '}
                <Badge
                  tone={
                    item.status === 'approved' ? 'success' : item.status === 'rejected' ? 'danger' : 'warning'
                  }
                >
                  {humanizeCode(item.status)}
                </Badge>
                {mayManage && item.status === 'pending' ? (
                  <span className="profile-actions">
                    <Button
                      size="sm"
                      onClick={() => review.mutate({ evidenceId: item.id, status: 'approved' })}
                    >
                      Accept
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => review.mutate({ evidenceId: item.id, status: 'rejected' })}
                    >
                      Reject
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {pending.length > 0 ? (
        <>
          <h4>Changes waiting for approval</h4>
          {decide.isError ? <Alert tone="error">{decide.error.message}</Alert> : null}
          <ul className="profile-list">
            {pending.map((override) => (
              <li key={override.id}>
                {override.is_accredited
                  ? 'Accredited'
                  : `Not accredited: income ${formatUsd(override.annual_income ?? '0')}, net worth ${formatUsd(override.net_worth ?? '0')}`}
                , proposed by {override.proposed_by_email}: “{override.reason}”
                {mayManage && override.proposed_by_id !== admin?.id ? (
                  <span className="profile-actions">
                    <Button
                      size="sm"
                      onClick={() => decide.mutate({ overrideId: override.id, decision: 'approve' })}
                    >
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => decide.mutate({ overrideId: override.id, decision: 'reject' })}
                    >
                      Reject
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {history.length > 0 ? (
        <details className="profile-history">
          <summary>Profile history ({history.length})</summary>
          <ul className="profile-list">
            {history.map((entry) => (
              <li key={entry.id}>
                {formatLocalDateTime(entry.created_at)}:{' '}
                {entry.is_accredited ? 'accredited' : 'not accredited'} by{' '}
                {entry.changed_by === 'investor'
                  ? 'the investor'
                  : `${entry.proposed_by_email}, approved by ${entry.approved_by_email}`}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {mayManage ? <ProposeChange investorId={investorId} /> : null}
    </section>
  );
}
