/**
 * The investor profile form (issue 26, decision 1933): accredited or not and the basis
 * (17 CFR 230.501(a)); for a non-accredited investor, annual income and net worth. Shared by
 * Settings › Investor profile and the purchase modal's profile step; each passes its own save.
 */
import { type FormEvent, useState } from 'react';
import {
  type InvestorProfileInput,
  type InvestorProfileView,
  investorProfileInput,
} from '../../shared/offerings/investor-profile-contracts';
import {
  type AccreditationBasis,
  accreditationBases,
  accreditationBasisLabels,
} from '../../shared/offerings/offering-rules';
import { Button } from './ui/button';
import { Alert } from './ui/feedback';
import { SelectField, TextField } from './ui/field';
import './investor-profile-form.css';

export function InvestorProfileForm({
  profile,
  submitLabel,
  onSave,
  onCancel,
}: {
  profile: InvestorProfileView | null;
  submitLabel: string;
  onSave(input: InvestorProfileInput): Promise<unknown>;
  onCancel?: () => void;
}) {
  const [isAccredited, setAccredited] = useState<boolean | null>(profile ? profile.is_accredited : null);
  const [basis, setBasis] = useState<AccreditationBasis | ''>(profile?.accreditation_basis ?? '');
  const [income, setIncome] = useState(profile?.annual_income ?? '');
  const [netWorth, setNetWorth] = useState(profile?.net_worth ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (isAccredited === null) {
      setErrors({ accredited: 'Please choose one' });
      return;
    }
    const candidate = isAccredited
      ? { is_accredited: true as const, accreditation_basis: basis }
      : { is_accredited: false as const, annual_income: income, net_worth: netWorth };
    const parsed = investorProfileInput.safeParse(candidate);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(parsed.data);
    } catch (error) {
      setFailure(
        error instanceof Error ? error.message : 'Your profile could not be saved. Please try again.',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="investor-profile-form" onSubmit={submit} noValidate>
      <fieldset className="investor-profile-choice">
        <legend>Are you an accredited investor?</legend>
        <label className="radio">
          <input
            type="radio"
            name="accredited"
            checked={isAccredited === true}
            onChange={() => {
              setAccredited(true);
              setErrors({});
            }}
          />
          <span>Yes, I am an accredited investor</span>
        </label>
        <label className="radio">
          <input
            type="radio"
            name="accredited"
            checked={isAccredited === false}
            onChange={() => {
              setAccredited(false);
              setErrors({});
            }}
          />
          <span>No, or I am not sure</span>
        </label>
        {errors.accredited ? <p className="field-error">{errors.accredited}</p> : null}
      </fieldset>
      {isAccredited === true ? (
        <SelectField
          label="Basis of your accreditation"
          value={basis}
          error={errors.accreditation_basis ?? null}
          onChange={(event) => setBasis(event.target.value as AccreditationBasis | '')}
        >
          <option value="">Choose one</option>
          {accreditationBases.map((value) => (
            <option key={value} value={value}>
              {accreditationBasisLabels[value]}
            </option>
          ))}
        </SelectField>
      ) : null}
      {isAccredited === false ? (
        <div className="investor-profile-figures">
          <TextField
            label="Annual income (USD)"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            value={income}
            error={errors.annual_income ?? null}
            onChange={(event) => setIncome(event.target.value)}
          />
          <TextField
            label="Net worth (USD)"
            hint="Not counting your primary residence."
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            value={netWorth}
            error={errors.net_worth ?? null}
            onChange={(event) => setNetWorth(event.target.value)}
          />
          <p className="muted investor-profile-note">
            Under Regulation A you may invest up to 10% of the greater of the two in any 12 months. We encrypt
            these figures and ask you to confirm them once a year.
          </p>
        </div>
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="investor-profile-actions">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
