import { type FormEvent, useState } from 'react';
import { INVALID_PHONE_MESSAGE, isValidPhone, normalizePhone } from '../../../../shared/auth/phone';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { authFallbacks, type SentCode, sendPhoneCode } from '../api/auth-api';

/** Enter a phone number and send it a code (spec 5's normalisation and validity rule). */
export function PhoneEntryForm({
  initialPhone = '',
  submitLabel = 'Send code',
  hint = 'US numbers: 10 digits. Other countries: start with + and the country code.',
  onSent,
}: {
  initialPhone?: string;
  submitLabel?: string;
  hint?: string;
  /** The code went out now, or one still valid was offered again (SentCode.reusedFrom). */
  onSent(phoneE164: string, sent: SentCode): void;
}) {
  const [phone, setPhone] = useState(initialPhone);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPhone(phone)) {
      setError(INVALID_PHONE_MESSAGE);
      return;
    }
    const phoneE164 = normalizePhone(phone);
    setError(null);
    setSending(true);
    try {
      onSent(phoneE164, await sendPhoneCode(phoneE164));
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : authFallbacks.sendCode);
      setSending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField
        label="Mobile phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="(617) 555-0142"
        value={phone}
        disabled={isSending}
        hint={hint}
        error={error}
        onChange={(event) => setPhone(event.target.value)}
      />
      <div className="auth-actions">
        <Button type="submit" block isBusy={isSending}>
          {isSending ? 'SENDING...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** +16175550142 -> +1 (617) 555-0142; other numbers are shown as stored. */
export function formatPhone(phoneE164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phoneE164);
  return match ? `+1 (${match[1]}) ${match[2]}-${match[3]}` : phoneE164;
}
