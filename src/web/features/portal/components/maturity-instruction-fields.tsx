/**
 * The maturity instruction choice (issue 17 item 1): pay out to the bank, or roll over into a
 * new High-Yield note of a chosen term at the rate then offered. Used by the purchase flow and
 * the note page.
 */
import { useId } from 'react';
import type { MaturityInstruction } from '../../../../shared/investments/maturity-instruction-rules';
import { ratePercent } from '../../../../shared/products/plans';

export interface RolloverTerm {
  term_years: number;
  interest_rate_annual: string;
}

export function MaturityInstructionFields({
  value,
  terms,
  onChange,
  disabled,
}: {
  value: MaturityInstruction;
  terms: readonly RolloverTerm[];
  onChange(value: MaturityInstruction): void;
  disabled?: boolean;
}) {
  const name = useId();
  const termId = useId();
  const isRollover = value.kind === 'roll_over';
  const chosenTerm = value.kind === 'roll_over' ? value.term_years : (terms[0]?.term_years ?? null);
  return (
    <fieldset className="instruction-fields" disabled={disabled}>
      <legend className="field-label">At maturity</legend>
      <label className="instruction-option">
        <input
          type="radio"
          name={name}
          value="pay_out"
          checked={!isRollover}
          onChange={() => onChange({ kind: 'pay_out' })}
        />
        <span>
          <strong>Pay out to my bank account</strong>
          <span className="muted"> on the maturity date, not at quarter end</span>
        </span>
      </label>
      <label className="instruction-option">
        <input
          type="radio"
          name={name}
          value="roll_over"
          checked={isRollover}
          disabled={terms.length === 0}
          onChange={() => chosenTerm !== null && onChange({ kind: 'roll_over', term_years: chosenTerm })}
        />
        <span>
          <strong>Roll over into a new High-Yield note</strong>
          <span className="muted"> at the rate offered on the maturity date; undo within 10 days</span>
        </span>
      </label>
      {isRollover ? (
        <label className="instruction-term" htmlFor={termId}>
          <span className="field-label">New term</span>
          <select
            id={termId}
            className="select"
            value={chosenTerm ?? ''}
            onChange={(event) => onChange({ kind: 'roll_over', term_years: Number(event.target.value) })}
          >
            {terms.map((term) => (
              <option key={term.term_years} value={term.term_years}>
                {term.term_years} {term.term_years === 1 ? 'year' : 'years'} (
                {ratePercent(term.interest_rate_annual)}% today)
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {terms.length === 0 ? (
        <p className="muted instruction-hint">
          No High-Yield term is offered today, so a rollover cannot be chosen.
        </p>
      ) : null}
    </fieldset>
  );
}
