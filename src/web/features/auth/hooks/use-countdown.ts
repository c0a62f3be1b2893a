import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action may be repeated (the SMS resend wait), ticking once a second. */
export function useCountdown(): { secondsLeft: number; start(seconds: number): void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) {
        window.clearInterval(timer);
        setDeadline(null);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);
  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setDeadline(seconds > 0 ? current + seconds * 1000 : null);
  }, []);
  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, start };
}
