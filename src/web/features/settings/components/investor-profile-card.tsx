/**
 * Settings › Investor profile (issue 26 section 2): accredited or not and the basis, or income
 * and net worth; the Regulation A limit they give; proof of accreditation for offerings that
 * ask for it. Asked again after 12 months.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import type { InvestorProfileResponse } from '../../../../shared/offerings/investor-profile-contracts';
import { accreditationBasisLabels } from '../../../../shared/offerings/offering-rules';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, ErrorState, LoadingState } from '../../../components/ui/feedback';
import {
  fetchInvestorProfile,
  investorProfileKeys,
  saveInvestorProfile,
  uploadAccreditationEvidence,
} from '../api/settings-api';

// The form and its schema load when it opens (decision 1411: Settings shows data with no form code).
const InvestorProfileForm = lazy(() =>
  import('../../../components/investor-profile-form').then((module) => ({
    default: module.InvestorProfileForm,
  })),
);

export const INVESTOR_PROFILE_ANCHOR = 'investor-profile';

const evidenceStatus = {
  pending: { tone: 'warning', label: 'Being reviewed' },
  approved: { tone: 'success', label: 'Accepted' },
  rejected: { tone: 'danger', label: 'Not accepted' },
} as const;

function ProfileDetails({ data }: { data: InvestorProfileResponse }) {
  const profile = data.profile!;
  return (
    <dl className="detail-list">
      <div className="detail-row">
        <dt>Status</dt>
        <dd className="detail-value">
          {profile.is_accredited ? 'Accredited investor' : 'Not accredited'}{' '}
          {profile.is_expired ? <Badge tone="warning">Please confirm again</Badge> : null}
        </dd>
      </div>
      {profile.is_accredited && profile.accreditation_basis ? (
        <div className="detail-row">
          <dt>Basis</dt>
          <dd>{accreditationBasisLabels[profile.accreditation_basis]}</dd>
        </div>
      ) : null}
      {!profile.is_accredited ? (
        <>
          <div className="detail-row">
            <dt>Annual income</dt>
            <dd className="detail-value">{formatUsd(profile.annual_income ?? '0')}</dd>
          </div>
          <div className="detail-row">
            <dt>Net worth</dt>
            <dd className="detail-value">{formatUsd(profile.net_worth ?? '0')}</dd>
          </div>
          <div className="detail-row">
            <dt>Regulation A limit</dt>
            <dd>
              {formatUsd(data.limit.left ?? '0')} left of {formatUsd(data.limit.limit ?? '0')} for the last 12
              months
            </dd>
          </div>
        </>
      ) : null}
      <div className="detail-row">
        <dt>Confirmed</dt>
        <dd>
          {formatLongDate(profile.certified_on)}, asked again from {formatLongDate(profile.expires_on)}
        </dd>
      </div>
    </dl>
  );
}

function EvidenceSection({ data }: { data: InvestorProfileResponse }) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: uploadAccreditationEvidence,
    onSuccess: (answer) => queryClient.setQueryData(investorProfileKeys.profile, answer),
  });
  return (
    <div className="investor-evidence">
      <h3>Proof of accreditation</h3>
      <p className="muted">
        Some offerings ask for a letter from your accountant, lawyer or broker, or a recent statement. PDF,
        PNG or JPEG, up to 10 MB.
      </p>
      {data.evidence.length > 0 ? (
        <ul className="investor-evidence-list">
          {data.evidence.map((item) => (
            <li key={item.id}>
              <span>{item.file_name}</span>{' '}
              <Badge tone={evidenceStatus[item.status].tone}>{evidenceStatus[item.status].label}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {upload.isError ? <Alert tone="error">{upload.error.message}</Alert> : null}
      {upload.isSuccess ? <Alert tone="success">Uploaded. We will review it shortly.</Alert> : null}
      <label className="btn btn-secondary btn-sm investor-evidence-upload">
        {upload.isPending ? 'Uploading...' : 'Upload a document'}
        <input
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          className="visually-hidden"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            event.target.value = '';
          }}
        />
      </label>
    </div>
  );
}

export function InvestorProfileCard() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: investorProfileKeys.profile, queryFn: fetchInvestorProfile });
  const [isEditing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const data = query.data;
  const showForm = isEditing || (data !== undefined && data.profile === null);

  return (
    <section
      id={INVESTOR_PROFILE_ANCHOR}
      className="card settings-card"
      aria-labelledby="investor-profile-heading"
    >
      <div className="settings-card-head">
        <h2 id="investor-profile-heading">Investor profile</h2>
        {data?.profile && !isEditing ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            {data.profile.is_expired ? 'Confirm' : 'Edit'}
          </Button>
        ) : null}
      </div>
      <p className="muted">
        Regulation A limits how much a non-accredited investor may buy. We ask before your first purchase and
        once a year after.
      </p>
      {query.isPending ? <LoadingState text="Loading your profile..." /> : null}
      {query.isError ? <ErrorState message={query.error.message} /> : null}
      {saved && !showForm ? <Alert tone="success">Your investor profile is saved.</Alert> : null}
      {data && showForm ? (
        <Suspense fallback={<LoadingState text="Opening the form..." />}>
          <InvestorProfileForm
            profile={data.profile}
            submitLabel="Save profile"
            onSave={async (input) => {
              const answer = await saveInvestorProfile(input);
              queryClient.setQueryData(investorProfileKeys.profile, answer);
              setEditing(false);
              setSaved(true);
            }}
            {...(data.profile ? { onCancel: () => setEditing(false) } : {})}
          />
        </Suspense>
      ) : null}
      {data?.profile && !showForm ? <ProfileDetails data={data} /> : null}
      {data?.profile?.is_accredited && !showForm ? <EvidenceSection data={data} /> : null}
    </section>
  );
}
