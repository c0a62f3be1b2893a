import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Badge, LoadingState } from '../../../components/ui/feedback';
import { appConfig } from '../../../lib/app-config';
import { signOut, useSession } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';

const statusLabels: Record<string, string> = {
  pending: 'Setting up',
  active: 'Active',
  suspended: 'Suspended',
  closed: 'Closed',
};

/** /dashboard: the welcome screen after the password step: e-mail, phone, status, Sign Out (spec 2). */
export function DashboardPage() {
  const { investor } = useSession();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  if (!investor) return <LoadingState />;

  return (
    <AuthCard
      title={`Welcome to ${appConfig().brandName}`}
      subtitle="Your account is ready. Next, link the bank account you'll fund your notes from and receive payouts to."
    >
      <dl className="detail-list">
        <dt>Email</dt>
        <dd>{investor.email}</dd>
        <dt>Phone</dt>
        <dd>{investor.phone_masked ?? 'Not verified'}</dd>
        <dt>Status</dt>
        <dd>
          <Badge tone={investor.status === 'active' ? 'success' : 'warning'}>
            {statusLabels[investor.status] ?? investor.status}
          </Badge>
        </dd>
      </dl>
      <div className="auth-actions">
        <ButtonLink to={investor.next_screen} block>
          Continue
        </ButtonLink>
        <Button
          variant="secondary"
          block
          isBusy={isSigningOut}
          onClick={async () => {
            setSigningOut(true);
            await signOut();
            navigate('/login', { replace: true });
          }}
        >
          {isSigningOut ? 'SIGNING OUT...' : 'Sign Out'}
        </Button>
      </div>
    </AuthCard>
  );
}
