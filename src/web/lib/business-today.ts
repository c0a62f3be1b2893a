import { businessDateOf } from '../../shared/dates/business-time';
import { appConfig } from './app-config';

/**
 * Today on the business calendar (the server's BUSINESS_TZ), for the back office's date fields:
 * the server checks a date staff enter against this day, whatever the staff member's own time
 * zone (in the evening in New York, a browser in UTC or London is already on tomorrow).
 */
export function businessToday(): string {
  return businessDateOf(new Date(), appConfig().businessTimeZone);
}
