/**
 * Profile Information (spec 2): the name with Edit Name, the e-mail and the phone with their
 * Verified badges and a change flow each (PRODUCT.md 8), and the account status.
 */
import { Suspense, useState } from 'react';
import type { InvestorStatus } from '../../../../shared/auth/next-screen';
import { formatPhoneNumber } from '../../../../shared/format/phone-format';
import type { InvestorSettings } from '../../../../shared/settings/contracts';
import { settingsMessages } from '../../../../shared/settings/settings-messages';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, type BadgeTone, LoadingState } from '../../../components/ui/feedback';
import { LazyModal } from '../../../components/ui/modal';
import { preloadableLazy, preloadOnIntent } from '../../../lib/preloadable-lazy';

// The form and its validation (zod, react-hook-form) load only when the investor edits (decision 1411).
const NameForm = preloadableLazy(() => import('./name-form').then((module) => module.NameForm));
// The change dialogs load when they open (decision 1412), started on hover or focus of Change.
const EmailChangeDialog = preloadableLazy(() =>
  import('./email-change-dialog').then((module) => module.EmailChangeDialog),
);
const PhoneChangeDialog = preloadableLazy(() =>
  import('./phone-change-dialog').then((module) => module.PhoneChangeDialog),
);

const statusLabels: Record<InvestorStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  pending: { label: 'Setting up', tone: 'warning' },
  suspended: { label: 'Suspended', tone: 'danger' },
  closed: { label: 'Closed', tone: 'neutral' },
};

export function ProfileCard({ settings }: { settings: InvestorSettings }) {
  const [isEditingName, setEditingName] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'email' | 'phone' | null>(null);
  const name = [settings.first_name, settings.last_name].filter(Boolean).join(' ');
  const status = statusLabels[settings.status];

  return (
    <section className="card settings-card" aria-labelledby="profile-heading">
      <div className="settings-card-head">
        <h2 id="profile-heading">Profile Information</h2>
      </div>
      {savedNote ? <Alert tone="success">{savedNote}</Alert> : null}
      <dl className="detail-list">
        <div className="detail-row">
          <dt>Name</dt>
          <dd>
            {isEditingName ? (
              <Suspense fallback={<LoadingState text="Loading the form..." />}>
                <NameForm
                  settings={settings}
                  onDone={(saved) => {
                    setEditingName(false);
                    setSavedNote(saved ? settingsMessages.profileSaved : null);
                  }}
                />
              </Suspense>
            ) : (
              <div className="detail-value">
                <span>{name || <span className="muted">Not set</span>}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  {...preloadOnIntent(NameForm)}
                  onClick={() => {
                    setSavedNote(null);
                    setEditingName(true);
                  }}
                >
                  Edit Name
                </Button>
              </div>
            )}
          </dd>
        </div>
        <div className="detail-row">
          <dt>E-mail</dt>
          <dd>
            <div className="detail-value">
              <span className="detail-text">
                <span className="break-all">{settings.email}</span>
                {settings.email_verified ? <Badge tone="success">Verified</Badge> : null}
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDialog('email')}
                {...preloadOnIntent(EmailChangeDialog)}
              >
                Change
              </Button>
            </div>
            {settings.pending_email ? (
              <p className="detail-note">
                Waiting for you to confirm <strong>{settings.pending_email}</strong>: open the link we sent
                there.
              </p>
            ) : null}
          </dd>
        </div>
        <div className="detail-row">
          <dt>Phone</dt>
          <dd>
            <div className="detail-value">
              <span className="detail-text">
                <span>
                  {settings.phone ? (
                    formatPhoneNumber(settings.phone)
                  ) : (
                    <span className="muted">Not set</span>
                  )}
                </span>
                {settings.phone_verified ? (
                  <Badge tone="success">Verified</Badge>
                ) : (
                  <Badge tone="warning">Not verified</Badge>
                )}
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDialog('phone')}
                {...preloadOnIntent(PhoneChangeDialog)}
              >
                Change
              </Button>
            </div>
          </dd>
        </div>
        <div className="detail-row">
          <dt>Account status</dt>
          <dd>
            <div className="detail-value">
              <Badge tone={status.tone}>{status.label}</Badge>
              <span className="muted">Member since {settings.member_since_year}</span>
            </div>
          </dd>
        </div>
      </dl>
      {dialog === 'email' ? (
        <LazyModal title="Change e-mail address" onClose={() => setDialog(null)}>
          <EmailChangeDialog currentEmail={settings.email} onClose={() => setDialog(null)} />
        </LazyModal>
      ) : null}
      {dialog === 'phone' ? (
        <LazyModal title="Change phone number" onClose={() => setDialog(null)}>
          <PhoneChangeDialog onClose={() => setDialog(null)} />
        </LazyModal>
      ) : null}
    </section>
  );
}
