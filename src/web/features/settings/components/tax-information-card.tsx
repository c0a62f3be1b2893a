/**
 * Tax information (issue 13 item 14): the tax record behind the Form 1099-INT. It shows the
 * legal name, date of birth, address and the TIN as "SSN ending 6789"; adding or editing asks
 * for a fresh SMS code first (and again at Save if that one has expired). The TIN field is
 * never filled in: left empty on an edit, the number on file stays.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { earliestBirthDateFor, latestBirthDateFor, US_STATES } from '../../../../shared/banking/identity';
import { formatLongDate } from '../../../../shared/format/long-date';
import {
  TAX_INFORMATION_ANCHOR,
  type TaxInformationForm,
  type TaxInformationFormInput,
  taxInformationFormSchema,
  type TaxInformationView,
} from '../../../../shared/settings/tax-information';
import { describeTinOnFile, formatTinInput, type TinType, tinLabels } from '../../../../shared/tax/tin';
import { Button } from '../../../components/ui/button';
import { Alert, Badge } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { saveTaxInformation, settingsKeys } from '../api/settings-api';
import { StepUpCancelled, useStepUp } from '../hooks/use-step-up';
import { localToday } from '../../../lib/local-today';

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

function TaxInformationFormFields({
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
  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<TaxInformationFormInput, unknown, TaxInformationForm>({
    resolver: zodResolver(schema),
    defaultValues: formValuesOf(record),
    mode: 'onTouched',
  });
  const tinType = (useWatch({ control, name: 'tinType' }) ?? 'ssn') as TinType;
  const tinField = register('tin');
  const keepsNumber = record !== null && record.tin_type === tinType;

  const submit = handleSubmit(async () => {
    setServerError(null);
    try {
      // The typed values: the server applies the same rules itself.
      const saved = await withStepUp(() => saveTaxInformation(getValues()));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.settings });
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
      <TextField
        label="Address"
        autoComplete="address-line1"
        error={errors.address1?.message}
        {...register('address1')}
      />
      <TextField
        label="Apartment, suite, etc. (optional)"
        autoComplete="address-line2"
        error={errors.address2?.message}
        {...register('address2')}
      />
      <div className="tax-form-grid tax-form-grid-address">
        <TextField
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register('city')}
        />
        <SelectField
          label="State"
          autoComplete="address-level1"
          error={errors.state?.message}
          {...register('state')}
        >
          <option value="">Select a state</option>
          {US_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          error={errors.postalCode?.message}
          {...register('postalCode')}
        />
      </div>
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

function TaxInformationDetails({ record }: { record: TaxInformationView }) {
  return (
    <dl className="detail-list">
      <div className="detail-row">
        <dt>Legal name</dt>
        <dd className="detail-value">
          {record.legal_first_name} {record.legal_last_name}
        </dd>
      </div>
      <div className="detail-row">
        <dt>Date of birth</dt>
        <dd className="detail-value">{formatLongDate(record.date_of_birth)}</dd>
      </div>
      <div className="detail-row">
        <dt>Address</dt>
        <dd>
          <address className="tax-address">
            {record.address1}
            {record.address2 ? <>, {record.address2}</> : null}
            <br />
            {record.city}, {record.state} {record.postal_code}
          </address>
        </dd>
      </div>
      <div className="detail-row">
        <dt>Taxpayer ID</dt>
        <dd>
          <div className="detail-text detail-value">
            <span>{describeTinOnFile(record.tin_type, record.tin_last_four)}</span>
            {record.status === 'approved' ? (
              <Badge tone="success">Verified</Badge>
            ) : (
              <Badge tone="warning">Being reviewed</Badge>
            )}
          </div>
        </dd>
      </div>
    </dl>
  );
}

export function TaxInformationCard({ record }: { record: TaxInformationView | null }) {
  const { withStepUp, requestStepUp, stepUpDialog } = useStepUp('change your tax information');
  const [isEditing, setEditing] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);

  const startEditing = async () => {
    setSavedNote(null);
    if (await requestStepUp()) setEditing(true);
  };

  return (
    <section id={TAX_INFORMATION_ANCHOR} className="card settings-card" aria-labelledby="tax-heading">
      <div className="settings-card-head">
        <h2 id="tax-heading" tabIndex={-1}>
          Tax information
        </h2>
        {record && !isEditing ? (
          <Button variant="secondary" size="sm" onClick={startEditing}>
            Edit
          </Button>
        ) : null}
      </div>
      <p className="muted tax-intro">
        We print these details on your Form 1099-INT. Your taxpayer ID is encrypted, and any change needs a
        code sent to your phone.
      </p>
      {savedNote ? <Alert tone="success">{savedNote}</Alert> : null}
      {isEditing ? (
        <TaxInformationFormFields
          record={record}
          withStepUp={withStepUp}
          onSaved={(message) => {
            setEditing(false);
            setSavedNote(message);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : record ? (
        <TaxInformationDetails record={record} />
      ) : (
        <div className="tax-empty">
          <p>
            <strong>No tax details yet.</strong> Add your legal name, address and SSN or ITIN so we can issue
            your tax forms.
          </p>
          <Button onClick={startEditing}>Add tax information</Button>
        </div>
      )}
      {stepUpDialog}
    </section>
  );
}
