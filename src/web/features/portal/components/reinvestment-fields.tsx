/**
 * A Standard note's interest destination (issue 17 item 2, decision 1740): paid monthly to the
 * bank (the default) or reinvested in the note, where it compounds. Used by the purchase form.
 */
import { useId } from 'react';

export function ReinvestmentFields({
  reinvest,
  onChange,
  disabled,
}: {
  reinvest: boolean;
  onChange(reinvest: boolean): void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="instruction-fields" disabled={disabled}>
      <legend className="field-label">Monthly interest</legend>
      <label className="instruction-option">
        <input type="radio" name={name} value="pay" checked={!reinvest} onChange={() => onChange(false)} />
        <span>
          <strong>Pay it to my bank account</strong>
          <span className="muted"> every month</span>
        </span>
      </label>
      <label className="instruction-option">
        <input type="radio" name={name} value="reinvest" checked={reinvest} onChange={() => onChange(true)} />
        <span>
          <strong>Reinvest it in the note</strong>
          <span className="muted">
            {' '}
            each month&apos;s interest is added to the note and earns from the next month, so it compounds.
            You can switch on the note&apos;s page at any time, from the following month.
          </span>
        </span>
      </label>
    </fieldset>
  );
}
