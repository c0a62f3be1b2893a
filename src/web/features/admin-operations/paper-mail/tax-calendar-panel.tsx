/**
 * The tax year's calendar on /admin/tax (decision 1923): recipient copies due January 31 and
 * electronic filing due March 31 (each moved to the next business day when it falls on a weekend
 * or holiday), and what is still open for the year.
 */
import { formatLongDate } from '../../../../shared/format/long-date';
import { Badge, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { useTaxCalendar } from './paper-mail-queries';

export function TaxCalendarPanel({ year }: { year: number }) {
  const calendar = useTaxCalendar(year);
  return (
    <section className="admin-panel tax-calendar" aria-labelledby="tax-calendar-heading">
      <h2 id="tax-calendar-heading" className="operations-heading">
        {year} calendar
      </h2>
      {calendar.isPending ? (
        <LoadingState />
      ) : calendar.isError ? (
        <ErrorState message={calendar.error.message} />
      ) : (
        <div className="tax-calendar-body">
          <ul className="tax-deadlines">
            {calendar.data.deadlines.map((deadline) => (
              <li key={deadline.key}>
                <span className="tax-deadline-date">{formatLongDate(deadline.due_date)}</span>
                <span>
                  {deadline.label}
                  {deadline.due_date !== deadline.nominal_date ? (
                    <span className="operations-sub">
                      {formatLongDate(deadline.nominal_date)} is a weekend or holiday: due the next business
                      day.
                    </span>
                  ) : null}
                </span>
                {deadline.is_past ? <Badge>Passed</Badge> : <Badge tone="accent">Upcoming</Badge>}
              </li>
            ))}
          </ul>
          <h3 className="tax-open-heading">Still open for {year}</h3>
          <ul className="tax-open-items">
            {calendar.data.open_items.map((item) => (
              <li key={item.key} className={item.count > 0 ? 'is-open' : undefined}>
                <span>{item.label}</span>
                {item.count > 0 ? (
                  <Badge tone="warning">{item.count}</Badge>
                ) : (
                  <Badge tone="success">None</Badge>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
