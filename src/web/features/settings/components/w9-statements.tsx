/**
 * The Form W-9 certification as the IRS words it (decision 1910), with the two choices the
 * investor makes: tick to certify, and cross out item 2 when the IRS has said they are subject
 * to backup withholding (item 2 is then shown struck through). Used by the tax information form
 * (a new or changed number) and by the card (certifying the number on file).
 */
import { w9CertificationText } from '../../../../shared/tax/w9-certification-text';
import { Checkbox } from '../../../components/ui/field';

export interface W9Choices {
  agree: boolean;
  crossOutItem2: boolean;
}

export function W9Statements({
  choices,
  onChange,
  error,
  disabled,
}: {
  choices: W9Choices;
  onChange(next: W9Choices): void;
  error?: string | null;
  disabled?: boolean;
}) {
  return (
    <fieldset className="w9-statements" aria-describedby={error ? 'w9-error' : undefined}>
      <legend>Certification (substitute Form W-9)</legend>
      <p className="w9-heading">{w9CertificationText.heading}</p>
      <ol className="w9-items">
        {w9CertificationText.items.map((item, index) => (
          <li key={item} className={index === 1 && choices.crossOutItem2 ? 'w9-crossed-out' : undefined}>
            {index === 1 && choices.crossOutItem2 ? (
              <span className="visually-hidden">Crossed out: </span>
            ) : null}
            {item}
          </li>
        ))}
      </ol>
      <p className="w9-note">{w9CertificationText.crossOutInstruction}</p>
      <p className="w9-note">{w9CertificationText.fatcaNote}</p>
      <p className="w9-note">{w9CertificationText.usPersonDefinition}</p>
      <p className="w9-note">{w9CertificationText.irsNote}</p>
      <Checkbox
        label="The IRS has notified me that I am currently subject to backup withholding: cross out item 2."
        checked={choices.crossOutItem2}
        disabled={disabled}
        onChange={(event) => onChange({ ...choices, crossOutItem2: event.target.checked })}
      />
      <Checkbox
        label={
          <strong>
            Under penalties of perjury, I certify the items above
            {choices.crossOutItem2 ? ' (item 2 crossed out)' : ''}.
          </strong>
        }
        checked={choices.agree}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange({ ...choices, agree: event.target.checked })}
      />
      {error ? (
        <p id="w9-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
