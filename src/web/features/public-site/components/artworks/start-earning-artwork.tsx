import type { CatalogueFigures } from '../../../../../shared/products/catalogue-figures';
import { ARTWORK_WIDTH } from './artwork-sizes';

export const START_EARNING_HEIGHT = 1000;

/** What the poster says, for screen readers. */
export function startEarningDescription(figures: CatalogueFigures | null): string {
  const rate = figures ? `Up to ${figures.highestRatePercent}% a year. ` : '';
  const minimum = figures ? `, from ${figures.lowestMinimum},` : '';
  return `${rate}Monthly income or growth${minimum} with no hidden fees.`;
}

/** /custom-page-1: the sign-up poster (on the page's dark background); the rate and the minimum come from the catalogue. */
export function StartEarningArtwork({ figures }: { figures: CatalogueFigures | null }) {
  const center = ARTWORK_WIDTH / 2;
  return (
    <>
      <text
        x={center}
        y="190"
        fontSize="28"
        fontWeight="700"
        letterSpacing="4"
        fill="#7fc4b7"
        textAnchor="middle"
      >
        START EARNING TODAY
      </text>
      <g fill="#ffffff" fontWeight="700" fontSize="92" textAnchor="middle" letterSpacing="-2">
        {figures ? (
          <>
            <text x={center} y="320">
              Up to {figures.highestRatePercent}%
            </text>
            <text x={center} y="425">
              a year.
            </text>
          </>
        ) : (
          <>
            <text x={center} y="320">
              Fixed-rate
            </text>
            <text x={center} y="425">
              income.
            </text>
          </>
        )}
      </g>
      <g fontSize="34" fill="#c9d6e3" textAnchor="middle">
        <text x={center} y="520">
          Monthly income or growth.
        </text>
        <text x={center} y="572">
          {figures ? `From ${figures.lowestMinimum}. No hidden fees.` : 'No hidden fees.'}
        </text>
      </g>
      <rect x="200" y="660" width="400" height="110" rx="20" fill="#ffffff" />
      <text
        x={center}
        y="728"
        fontSize="36"
        fontWeight="700"
        fill="#0b5f54"
        textAnchor="middle"
        letterSpacing="2"
      >
        GET STARTED
      </text>
      <text x={center} y="852" fontSize="32" fill="#c9d6e3" textAnchor="middle" textDecoration="underline">
        How it works
      </text>
    </>
  );
}
