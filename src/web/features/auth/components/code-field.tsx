import { forwardRef } from 'react';
import { SMS_CODE_LENGTH, sanitizeSmsCode } from '../../../../shared/auth/sms-code';
import { TextField } from '../../../components/ui/field';

/** The 6-digit SMS code (spec 5): non-digits are stripped as typed; one-time-code autofill. */
export const CodeField = forwardRef<
  HTMLInputElement,
  {
    value: string;
    onChange(value: string): void;
    error?: string | null;
    disabled?: boolean;
    label?: string;
    /** The element that says why no code could be sent, read with the field. */
    describedBy?: string;
  }
>(function CodeField({ value, onChange, error, disabled, label = 'Verification code', describedBy }, ref) {
  return (
    <TextField
      ref={ref}
      label={label}
      className="code-input"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={SMS_CODE_LENGTH + 4}
      placeholder="••••••"
      value={value}
      disabled={disabled}
      error={error}
      onChange={(event) => onChange(sanitizeSmsCode(event.target.value))}
      {...(describedBy && !error ? { 'aria-describedby': describedBy } : {})}
    />
  );
});
