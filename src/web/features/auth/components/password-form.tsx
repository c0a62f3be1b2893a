import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH, passwordWithConfirmationSchema } from '../../../../shared/auth/password-policy';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';

interface PasswordValues {
  password: string;
  confirmPassword: string;
}

const rules: { label: string; test(value: string): boolean }[] = [
  {
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (value) => value.length >= PASSWORD_MIN_LENGTH,
  },
  { label: 'An uppercase letter', test: (value) => /[A-Z]/.test(value) },
  { label: 'A lowercase letter', test: (value) => /[a-z]/.test(value) },
  { label: 'A number', test: (value) => /[0-9]/.test(value) },
  { label: 'A special character', test: (value) => /[^A-Za-z0-9]/.test(value) },
];

/**
 * A new password and its confirmation, checked by the one shared schema (the five rules of
 * spec 5 with their messages, and 'Passwords do not match'), with the rules ticked as typed.
 */
export function PasswordForm({
  submitLabel,
  busyLabel = 'SAVING...',
  onSubmit,
}: {
  submitLabel: string;
  busyLabel?: string;
  onSubmit(values: PasswordValues): Promise<void>;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
    resolver: zodResolver(passwordWithConfirmationSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const password = watch('password');

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit(values);
    } catch (caught) {
      setServerError(caught instanceof Error && caught.message ? caught.message : 'Failed to set password');
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        disabled={isSubmitting}
        error={errors.password?.message}
        {...register('password')}
      />
      <ul className="rule-list" aria-label="Password requirements">
        {rules.map((rule) => (
          <li key={rule.label} data-met={rule.test(password)}>
            {rule.label}
          </li>
        ))}
      </ul>
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        disabled={isSubmitting}
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <div className="auth-actions">
        <Button type="submit" block isBusy={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
