/**
 * The banner every portal page shows while the investor's taxpayer ID is not certified (issue 25,
 * decision 1912): existing investors are asked at their next sign-in, and it stays until they
 * certify in Settings › Tax information. It says what happens meanwhile (backup withholding, from
 * when), and nothing while the status loads or cannot be read.
 */
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatRatePercent } from '../../../../shared/tax/backup-withholding';
import { ButtonLink } from '../../../components/ui/button';
import { fetchW9Status, w9StatusKey } from '../api/portal-api';

export function TinCertificationBanner() {
  const { pathname } = useLocation();
  const status = useQuery({ queryKey: w9StatusKey, queryFn: fetchW9Status, staleTime: 60_000 });
  // Settings asks in its own Tax information section, with the statements.
  if (!status.data?.needs_certification || pathname.startsWith('/settings')) return null;
  const { rate, grace_until: graceUntil } = status.data;
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
