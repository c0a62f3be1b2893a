import { Button } from '../../../components/ui/button';
import { formatCountdown } from '../hooks/use-countdown';

/** "Resend code" that waits out the resend countdown (60 s, spec 4) and shows RESENDING... */
export function ResendCodeButton({
  secondsLeft,
  isResending,
  onResend,
}: {
  secondsLeft: number;
  isResending: boolean;
  onResend(): void;
}) {
  if (secondsLeft > 0) {
    return (
      <span className="muted" aria-live="polite">
        Resend code in <span className="tabular">{formatCountdown(secondsLeft)}</span>
      </span>
    );
  }
  return (
    <Button variant="link" onClick={onResend} disabled={isResending}>
      {isResending ? 'RESENDING...' : 'Resend code'}
    </Button>
  );
}
