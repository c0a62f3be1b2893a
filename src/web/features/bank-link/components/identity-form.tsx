/**
 * The identity step (spec 5): every rule of the shared schema checked as the investor types,
 * the SSN formatted XXX-XX-XXXX, the date picker capped at the 18th birthday. The server
 * checks it all again and sends it to the KYC provider.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { IdentityStatusResponse } from '../../../../shared/banking/contracts';
import { bankMessages } from '../../../../shared/banking/messages';
import {
  earliestBirthDateFor,
  formatSsnInput,
  type IdentityForm as IdentityValues,
  type IdentityFormInput,
  identityFormSchema,
  latestBirthDateFor,
} from '../../../../shared/banking/identity';
import { AddressFields } from '../../../components/address-fields';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/field';
import { submitIdentity } from '../api/bank-link-api';
import { localToday } from '../../../lib/local-today';

const fieldNames = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'ssn',
  'address1',
  'address2',
  'city',
  'state',
  'postalCode',
] as const;

const emptyForm: IdentityFormInput = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  ssn: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  postalCode: '',
};

export function IdentityForm({
  onVerified,
  onSettled,
  onCancel,
}: {
  onVerified(identity: IdentityStatusResponse): void;
  /** A verification that ended pending or failed: the wizard reads the status and shows its screen. */
  onSettled(): void;
  onCancel(): void;
}) {
  const today = useMemo(localToday, []);
  const schema = useMemo(() => identityFormSchema(today), [today]);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<IdentityFormInput, unknown, IdentityValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyForm,
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const ssnField = register('ssn');

  const submit = handleSubmit(async () => {
    setServerError(null);
    try {
      // The typed values, not the parsed ones: the server applies the same rules itself.
      const result = await submitIdentity(getValues());
      if (result.ok && result.identity) {
        onVerified(result.identity);
        return;
      }
      const hasFieldErrors = Object.keys(result.field_errors ?? {}).length > 0;
      if (
        result.identity?.status === 'review' ||
        (!hasFieldErrors && result.error === bankMessages.identityRejected)
      ) {
        onSettled();
        return;
      }
      for (const [field, message] of Object.entries(result.field_errors ?? {})) {
        if ((fieldNames as readonly string[]).includes(field)) {
          setError(field as (typeof fieldNames)[number], { message });
        }
      }
      setServerError(result.error ?? 'We could not verify your identity. Please try again.');
    } catch (caught) {
      setServerError(
        caught instanceof Error ? caught.message : 'We could not verify your identity. Please try again.',
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-describedby="identity-intro">
      <p id="identity-intro" className="muted">
        Federal rules require us to verify who you are before money can move. Your Social Security number is
        encrypted and used only for identity verification and tax reporting.
      </p>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <div className="form-grid">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          min={earliestBirthDateFor(today)}
          max={latestBirthDateFor(today)}
          error={errors.dateOfBirth?.message}
          {...register('dateOfBirth')}
        />
        <TextField
          label="Social Security number"
          inputMode="numeric"
          autoComplete="off"
          placeholder="XXX-XX-XXXX"
          maxLength={11}
          error={errors.ssn?.message}
          {...ssnField}
          onChange={(event) => {
            event.target.value = formatSsnInput(event.target.value);
            return ssnField.onChange(event);
          }}
        />
      </div>
      <FormProvider {...form}>
        <AddressFields />
      </FormProvider>
      <div className="wizard-actions">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Back
        </Button>
        <Button type="submit" isBusy={isSubmitting}>
          {isSubmitting ? 'Verifying...' : 'Verify identity'}
        </Button>
      </div>
    </form>
  );
}
