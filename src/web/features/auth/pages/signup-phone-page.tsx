import { useState } from 'react';
import { useNavigate } from 'react-router';
import { stillValidCodeNote } from '../../../../shared/auth/sms-code';
import { Button } from '../../../components/ui/button';
import { localTimeZone } from '../../../lib/local-time-zone';
import { refreshSession } from '../../../lib/session';
import { checkPhoneCode, type SentCode, sendPhoneCode } from '../api/auth-api';
import { AuthCard, StepIndicator } from '../components/auth-card';
import { CodeVerificationForm } from '../components/code-verification-form';
import { formatPhone, PhoneEntryForm } from '../components/phone-entry-form';

/** /signup/phone: add a phone, verify the 6-digit code, then /signup/password (spec 2). */
export function SignupPhonePage() {
  const navigate = useNavigate();
  const [sent, setSent] = useState<({ phone: string } & SentCode) | null>(null);

  return (
    <AuthCard
      above={<StepIndicator current={2} />}
      title={sent ? 'Enter your code' : 'Add your phone'}
      subtitle={
        sent
          ? undefined
          : 'We use your mobile number to keep your account safe: a code confirms it is you when you sign in or move money.'
      }
    >
      {sent ? (
        <CodeVerificationForm
          description={
            sent.reusedFrom ? (
              <>
                We sent a 6-digit code to <strong>{formatPhone(sent.phone)}</strong>
                {stillValidCodeNote(sent.reusedFrom, localTimeZone())}
              </>
            ) : (
              <>
                We sent a 6-digit code to <strong>{formatPhone(sent.phone)}</strong>. It expires in 10
                minutes.
              </>
            )
          }
          initialWaitSeconds={sent.waitSeconds}
          verify={(code) => checkPhoneCode(sent.phone, code)}
          resend={async () => (await sendPhoneCode(sent.phone, { resend: true })).waitSeconds}
          onVerified={async () => {
            await refreshSession();
            navigate('/signup/password', { replace: true });
          }}
          secondaryAction={
            <Button variant="link" onClick={() => setSent(null)}>
              Change number
            </Button>
          }
        />
      ) : (
        <PhoneEntryForm onSent={(phone, code) => setSent({ phone, ...code })} />
      )}
    </AuthCard>
  );
}
