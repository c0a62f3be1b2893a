import {
  templateVariableDescriptions,
  templateVariables,
} from '../../../../shared/notifications/template-variables';

/** Buttons that insert a {{variable}} the platform can fill (PRODUCT.md 28) at the cursor. */
export function VariablePicker({ onInsert }: { onInsert(placeholder: string): void }) {
  return (
    <div className="variable-picker">
      <span className="variable-picker-label" id="variable-picker-label">
        Insert
      </span>
      <ul aria-labelledby="variable-picker-label">
        {templateVariables.map((name) => (
          <li key={name}>
            <button
              type="button"
              className="variable-chip"
              title={templateVariableDescriptions[name]}
              onClick={() => onInsert(`{{${name}}}`)}
            >
              {`{{${name}}}`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Puts text into a textarea at its cursor and returns the new value and cursor position. */
export function insertAtCursor(
  element: HTMLTextAreaElement | null,
  current: string,
  text: string,
): { value: string; cursor: number } {
  const start = element?.selectionStart ?? current.length;
  const end = element?.selectionEnd ?? current.length;
  return { value: current.slice(0, start) + text + current.slice(end), cursor: start + text.length };
}
