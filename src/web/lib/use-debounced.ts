import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `milliseconds` (search boxes). */
export function useDebounced<Value>(value: Value, milliseconds: number): Value {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), milliseconds);
    return () => clearTimeout(timer);
  }, [value, milliseconds]);
  return debounced;
}
