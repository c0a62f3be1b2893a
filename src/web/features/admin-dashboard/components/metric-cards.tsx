import type { PlatformSummary } from '../../../../shared/admin/dashboard-contracts';
import { formatCount } from '../../../../shared/format/en-us-text';
import { formatUsdWhole } from '../../../../shared/format/money-format';

/** The four cards of PRODUCT.md 26, USD without decimals. */
export function MetricCards({ summary }: { summary: PlatformSummary | undefined }) {
  const cards = [
    {
      label: 'Assets under management',
      value: summary ? formatUsdWhole(summary.assets_under_management) : null,
      hint: 'Value of active notes',
    },
    {
      label: 'Investors',
      value: summary ? formatCount(summary.investor_count) : null,
      hint: summary ? `${formatCount(summary.active_investor_count)} active` : 'Total',
    },
    {
      label: 'Interest paid',
      value: summary ? formatUsdWhole(summary.interest_paid) : null,
      hint: 'Completed interest payments',
    },
    {
      label: 'Active investments',
      value: summary ? formatCount(summary.active_investment_count) : null,
      hint: 'Notes earning today',
    },
  ];
  return (
    <ul className="metric-cards" aria-busy={!summary}>
      {cards.map((card) => (
        <li key={card.label} className="metric-card">
          <span className="metric-label">{card.label}</span>
          <span className="metric-value">
            {card.value ?? (
              <>
                <span className="metric-placeholder" />
                <span className="visually-hidden">Loading</span>
              </>
            )}
          </span>
          <span className="metric-hint">{card.hint}</span>
        </li>
      ))}
    </ul>
  );
}
