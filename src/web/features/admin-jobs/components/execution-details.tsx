/** "executionDate" or "missed_firings" -> "Execution date", "Missed firings". */
function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function FieldValue({ value }: { value: unknown }) {
  if (isRecord(value)) return <FieldList fields={value} />;
  if (Array.isArray(value)) {
    if (value.every((item) => !isRecord(item) && !Array.isArray(item))) {
      return <>{value.map((item) => plainValue(item)).join(', ') || 'None'}</>;
    }
    return (
      <ol className="execution-details-items">
        {value.map((item, index) => (
          // Metadata items have no identity of their own; their order is their meaning.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            <FieldValue value={item} />
          </li>
        ))}
      </ol>
    );
  }
  return <>{plainValue(value)}</>;
}

function plainValue(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return String(value);
}

function FieldList({ fields }: { fields: Record<string, unknown> }) {
  // Plain values first, groups after: jsonb keeps keys in its own order (shortest first).
  const entries = Object.entries(fields).sort(
    ([, left], [, right]) => Number(isRecord(left)) - Number(isRecord(right)),
  );
  return (
    <dl className="execution-details-fields">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{fieldLabel(key)}</dt>
          <dd>
            <FieldValue value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A run's execution metadata as labelled fields (issue 24 item 21): what the spec shows as
 * pretty JSON, read without knowing JSON. Nested objects (who triggered it, the job's own
 * result figures) become nested field lists.
 */
export function ExecutionDetails({ metadata }: { metadata: Record<string, unknown> }) {
  return (
    <div className="job-run-details">
      <div className="job-run-block-title">Execution Details</div>
      <FieldList fields={metadata} />
    </div>
  );
}
