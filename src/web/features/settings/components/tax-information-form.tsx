/**
 * The tax information form (issue 13 item 14), split from the card so the settings page shows
 * the record without loading zod and react-hook-form (decision 1411): the card loads this
 * module when the investor chooses Edit or Add.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { earliestBirthDateFor, latestBirthDateFor } from '../../../../shared/banking/identity';
import {
  type TaxInformationForm,
  type TaxInformationFormInput,
  taxInformationFormSchema,
  type TaxInformationView,
} from '../../../../shared/settings/tax-information';
import { describeTinOnFile, formatTinInput, type TinType, tinLabels } from '../../../../shared/tax/tin';
import { W9_CERTIFICATION_VERSION, w9CertificationMessages } from '../../../../shared/tax/w9-certification';
import { AddressFields } from '../../../components/address-fields';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { saveTaxInformation, settingsKeys, w9Keys } from '../api/settings-api';
import { type W9Choices, W9Statements } from './w9-statements';
import { StepUpCancelled } from '../hooks/use-step-up';
import { localToday } from '../../../lib/local-today';
import { refreshSession } from '../../../lib/session';

function formValuesOf(record: TaxInformationView | null): TaxInformationFormInput {
  return {
    firstName: record?.legal_first_name ?? '',
    lastName: record?.legal_last_name ?? '',
    dateOfBirth: record?.date_of_birth ?? '',
    tinType: record?.tin_type ?? 'ssn',
    tin: '',
    address1: record?.address1 ?? '',
    address2: record?.address2 ?? '',
    city: record?.city ?? '',
    state: record?.state ?? '',
    postalCode: record?.postal_code ?? '',
  };
}

export function TaxInformationFormFields({
  record,
  withStepUp,
  onSaved,
  onCancel,
}: {
  record: TaxInformationView | null;
  withStepUp<T>(action: () => Promise<T>): Promise<T>;
  onSaved(message: string): void;
  onCancel(): void;
}) {
  const queryClient = useQueryClient();
  const today = useMemo(localToday, []);
  const schema = useMemo(() => taxInformationFormSchema(today, record?.tin_type ?? null), [today, record]);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TaxInformationFormInput, unknown, TaxInformationForm>({
    resolver: zodResolver(schema),
    defaultValues: formValuesOf(record),
    mode: 'onTouched',
  });
  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const tinType = (useWatch({ control, name: 'tinType' }) ?? 'ssn') as TinType;
  const tinField = register('tin');
  const keepsNumber = record !== null && record.tin_type === tinType;
  const typedTin = useWatch({ control, name: 'tin' }) ?? '';
  // A new number (or a changed one) is certified with it: Form W-9 Part II (decision 1910).
  const isNewNumber = typedTin.replace(/\D/g, '') !== '' || !keepsNumber;
  const [w9, setW9] = useState<W9Choices>({ agree: false, crossOutItem2: false });
  const [w9Error, setW9Error] = useState<string | null>(null);

  const submit = handleSubmit(async () => {
    setServerError(null);
    setW9Error(null);
    if (isNewNumber && !w9.agree) {
      setW9Error(w9CertificationMessages.mustAgree);
      return;
    }
    const certification = isNewNumber
      ? { agree: true as const, crossOutItem2: w9.crossOutItem2, version: W9_CERTIFICATION_VERSION }
      : undefined;
    try {
      // The typed values: the server applies the same rules itself.
      const saved = await withStepUp(() => saveTaxInformation({ ...getValues(), certification }));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.settings });
      await queryClient.invalidateQueries({ queryKey: w9Keys.status });
      // The header's "VERIFIED" badge reads the session: an approved identity changes it.
      await refreshSession();
      onSaved(saved.message);
    } catch (caught) {
      if (caught instanceof StepUpCancelled) return;
      setServerError(caught instanceof Error ? caught.message : 'Failed to save tax information');
    }
  });

  return (
    <form className="tax-form" onSubmit={submit} noValidate aria-label="Tax information">
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <div className="tax-form-grid">
        <TextField
          label="Legal first name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Legal last name"
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
        <SelectField label="Taxpayer ID type" error={errors.tinType?.message} {...register('tinType')}>
          <option value="ssn">Social Security number (SSN)</option>
          <option value="itin">Individual taxpayer ID (ITIN)</option>
        </SelectField>
      </div>
      <TextField
        label={tinLabels[tinType].long}
        inputMode="numeric"
        autoComplete="off"
        placeholder="XXX-XX-XXXX"
        maxLength={11}
        hint={
          keepsNumber
            ? `Leave empty to keep your ${describeTinOnFile(record.tin_type, record.tin_last_four)}.`
            : 'Encrypted when saved; we only ever show its last four digits.'
        }
        error={errors.tin?.message}
        {...tinField}
        onChange={(event) => {
          event.target.value = formatTinInput(event.target.value);
          return tinField.onChange(event);
        }}
      />
      <FormProvider {...form}>
        <AddressFields />
      </FormProvider>
      {isNewNumber ? (
        <W9Statements choices={w9} onChange={setW9} error={w9Error} disabled={isSubmitting} />
      ) : null}
      <div className="settings-card-actions">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" isBusy={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save tax information'}
        </Button>
      </div>
    </form>
  );
}
