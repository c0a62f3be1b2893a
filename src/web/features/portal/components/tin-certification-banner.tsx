/**
 * The banner every portal page shows while the investor's taxpayer ID is not certified (issue 25,
 * decision 1912): existing investors are asked at their next sign-in, and it stays until they
 * certify in Settings › Tax information. It says what happens meanwhile (backup withholding, from
 * when), and nothing while the session loads.
 */
import { useLocation } from 'react-router';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatRatePercent } from '../../../../shared/tax/backup-withholding';
import { ButtonLink } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';

export function TinCertificationBanner() {
  const { pathname } = useLocation();
  // The session answer carries it, so no page waits for a request of its own (issue 29).
  const needed = useSession().tinCertificationNeeded;
  // Settings asks in its own Tax information section, with the statements.
  if (!needed || pathname.startsWith('/settings')) return null;
  const { rate, grace_until: graceUntil } = needed;
  const when = graceUntil ? `From ${formatLongDate(graceUntil)}, until you do,` : 'Until you do,';
  return (
    <div className="certification-banner" role="status">
      <div>
        <strong>Certify your taxpayer ID.</strong> {when} we must withhold {formatRatePercent(rate)} of the
        interest we pay you and send it to the IRS (backup withholding).
      </div>
      <ButtonLink to="/settings#tax" size="sm">
        Certify now
      </ButtonLink>
    </div>
  );
}
