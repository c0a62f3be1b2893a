import { type KeyboardEvent, useId } from 'react';

export interface TabItem<Value extends string> {
  value: Value;
  label: string;
}

export interface TabsProps<Value extends string> {
  items: readonly TabItem<Value>[];
  value: Value;
  onChange(value: Value): void;
  label: string;
}

/** A tab list with arrow-key navigation. The caller renders the selected panel. */
export function Tabs<Value extends string>({ items, value, onChange, label }: TabsProps<Value>) {
  const baseId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = items.findIndex((item) => item.value === value);
    const next = items[(index + (event.key === 'ArrowRight' ? 1 : items.length - 1)) % items.length];
    if (next) {
      onChange(next.value);
      document.getElementById(`${baseId}-${next.value}`)?.focus();
    }
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.value}
          id={`${baseId}-${item.value}`}
          type="button"
          role="tab"
          className="tab"
          aria-selected={item.value === value}
          tabIndex={item.value === value ? 0 : -1}
          onClick={() => onChange(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
