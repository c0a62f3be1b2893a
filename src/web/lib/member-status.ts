import { MEMBER_SINCE_FALLBACK_YEAR } from '../../shared/brand';
import type { SessionInvestor } from './session';

/**
 * The member card's status line (spec 2: "VERIFIED | MEMBER SINCE 2025"), from real state:
 * VERIFIED only once the identity check approved the investor, never before it (issue 13 item 17).
 */
export function memberStatusOf(investor: SessionInvestor | null): { isVerified: boolean; text: string } {
  const isVerified = Boolean(investor?.identity_verified);
  const since = `MEMBER SINCE ${investor?.member_since_year || MEMBER_SINCE_FALLBACK_YEAR}`;
  return { isVerified, text: `${isVerified ? 'VERIFIED' : 'NOT YET VERIFIED'} | ${since}` };
}
