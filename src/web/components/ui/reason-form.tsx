import type { FormEvent } from 'react';
import { Button } from './button';
import { TextField } from './field';

/**
 * Refusing something with a reason (rejecting an adjustment, declining an early redemption): the
 * reason field, a danger button that sends it and Back. The caller validates the reason.
 */
export function ReasonForm({
  label,
  submitLabel,
  value,
  onChange,
  error,
  isBusy,
  onSubmit,
  onBack,
}: {
  label: string;
  submitLabel: string;
  value: string;
  onChange(value: string): void;
  error: string | null;
  isBusy: boolean;
  onSubmit(event: FormEvent): void;
  onBack(): void;
}) {
  return (
    <form className="reason-form" onSubmit={onSubmit} noValidate>
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        maxLength={500}
      />
      <div className="row">
        <Button type="submit" size="sm" variant="danger" isBusy={isBusy}>
          {submitLabel}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}
