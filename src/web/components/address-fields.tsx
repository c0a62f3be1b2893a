/**
 * The US postal address of a person's identity (spec 5): address, line 2, city, state and ZIP,
 * with the identity rules' messages in place. Shared by the bank-link identity step and
 * Settings › Tax information, which keep the same record; the form around it provides the
 * react-hook-form context (FormProvider) whose values carry these five fields.
 */
import { useFormContext } from 'react-hook-form';
import { POSTAL_CODE_MAX_LENGTH, US_STATES } from '../../shared/banking/identity';
import { SelectField, TextField } from './ui/field';
import './address-fields.css';

interface AddressValues {
  address1: string;
  address2?: string;
  city: string;
  state: string;
  postalCode: string;
}

export function AddressFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<AddressValues>();
  return (
    <>
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
      <div className="address-fields-locality">
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
          maxLength={POSTAL_CODE_MAX_LENGTH}
          error={errors.postalCode?.message}
          {...register('postalCode')}
        />
      </div>
    </>
  );
}
