import { formatCountdown } from '../../../../shared/format/wait-format';
import { Button } from '../../../components/ui/button';

/**
 * Right under the code field: "Resend code" once the resend wait (60 s, spec 4) is over, the
 * countdown until then. When a code could not be sent (a limit, the SMS provider), the reason
 * comes first and the countdown says when one can be requested (issue 24 item 9); the reason
 * is announced once, the ticking countdown is not.
 */
export function ResendCodeButton({
  id,
  reason = null,
  secondsLeft,
  isResending,
  onResend,
}: {
  id?: string;
  reason?: string | null;
  secondsLeft: number;
  isResending: boolean;
  onResend(): void;
}) {
  return (
    <div className="code-resend" id={id}>
      {reason ? (
        <p className="field-error" role="alert">
          {reason}
        </p>
      ) : null}
      {secondsLeft > 0 ? (
        <p className="muted">
          {reason ? 'You can request a new code in ' : 'Resend code in '}
          <span className="tabular">{formatCountdown(secondsLeft)}</span>
          {reason ? '.' : null}
        </p>
      ) : (
        <Button variant="link" onClick={onResend} disabled={isResending}>
          {isResending ? 'RESENDING...' : 'Resend code'}
        </Button>
      )}
    </div>
  );
}
