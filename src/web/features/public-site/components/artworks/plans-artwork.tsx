import {
  type CatalogueFigures,
  catalogueFigures,
  rateRangeText,
} from '../../../../../shared/products/catalogue-figures';
import type { Product } from '../../../../../shared/products/contracts';
import { STANDARD_LOCKUP_MONTHS } from '../../../../../shared/products/plans';

export const PLANS_HEIGHT = 1240;

interface PlanFigures {
  standard: CatalogueFigures | null;
  highYield: CatalogueFigures | null;
}

/** Each plan's own figures: the rates of its products and, for High-Yield, its terms. */
export function planFiguresOf(products: readonly Product[] | null): PlanFigures {
  const of = (type: Product['investment_type']) =>
    catalogueFigures((products ?? []).filter((product) => product.investment_type === type));
  return { standard: of('standard'), highYield: of('high_yield') };
}

function termsText(figures: CatalogueFigures): string {
  const terms = figures.highYieldTermYears;
  const shortest = terms[0];
  const longest = terms[terms.length - 1];
  if (shortest === undefined || longest === undefined) return 'Fixed terms';
  return shortest === longest ? `A ${shortest}-year term` : `Terms of ${shortest} to ${longest} years`;
}

export function plansDescription({ standard, highYield }: PlanFigures): string {
  const standardRate = standard ? ` at ${rateRangeText(standard)} a year` : '';
  const highYieldRate = highYield ? ` at ${rateRangeText(highYield)} a year` : '';
  const terms = highYield ? `, ${termsText(highYield).toLowerCase()}` : '';
  return `Two plans: Standard income with monthly interest${standardRate}, and High-Yield growth${highYieldRate}${terms}.`;
}

function PlanCard({
  top,
  isFeatured,
  tag,
  title,
  lines,
}: {
  top: number;
  isFeatured: boolean;
  tag: string;
  title: string;
  lines: string[];
}) {
  const colors = isFeatured
    ? { card: '#0b5f54', tag: '#bfe3da', title: '#ffffff', text: '#d9efe9', link: '#ffffff' }
    : { card: '#ffffff', tag: '#0b5f54', title: '#0f1f33', text: '#4a5568', link: '#0b5f54' };
  return (
    <g transform={`translate(64 ${top})`}>
      <rect
        width="672"
        height="380"
        rx="28"
        fill={colors.card}
        stroke={isFeatured ? 'none' : '#e2e6ec'}
        strokeWidth="2"
      />
      <text x="48" y="66" fontSize="28" fontWeight="700" letterSpacing="3" fill={colors.tag}>
        {tag}
      </text>
      <text x="48" y="132" fontSize="50" fontWeight="700" fill={colors.title}>
        {title}
      </text>
      <g fontSize="32" fill={colors.text}>
        {lines.map((line, index) => (
          <text key={line} x="48" y={190 + index * 48}>
            {line}
          </text>
        ))}
      </g>
      <text x="48" y="340" fontSize="30" fontWeight="700" fill={colors.link}>
        Learn more →
      </text>
    </g>
  );
}

/** /custom-page-2: the two plans; every rate and term comes from the catalogue. */
export function PlansArtwork({ plans }: { plans: PlanFigures }) {
  const { standard, highYield } = plans;
  return (
    <>
      <text
        x="400"
        y="130"
        fontSize="28"
        fontWeight="700"
        letterSpacing="4"
        fill="#0b5f54"
        textAnchor="middle"
      >
        PLANS
      </text>
      <g fontSize="66" fontWeight="700" fill="#0f1f33" textAnchor="middle" letterSpacing="-2">
        <text x="400" y="230">
          Two plans.
        </text>
        <text x="400" y="310">
          One steady path.
        </text>
      </g>
      <PlanCard
        top={390}
        isFeatured={false}
        tag="MORE FLEXIBLE"
        title="Standard income"
        lines={[
          standard ? `${rateRangeText(standard)} a year` : 'A fixed rate',
          'Paid monthly to your bank',
          `${STANDARD_LOCKUP_MONTHS}-month lock-up`,
        ]}
      />
      <PlanCard
        top={800}
        isFeatured
        tag="MORE RETURNS"
        title="High-Yield growth"
        lines={[
          highYield ? `${rateRangeText(highYield)} a year` : 'A higher fixed rate',
          highYield ? termsText(highYield) : 'Fixed terms',
          'Grows every month',
        ]}
      />
    </>
  );
}
