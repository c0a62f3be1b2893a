export const ABOUT_HEIGHT = 1100;

export const aboutDescription =
  'Built for steady passive income: fixed rates, exact interest, nothing to maintain.';

/** /abouttemp: who we are, with links to the plans and the FAQ (drawn on the page's own background). */
export function AboutArtwork() {
  return (
    <>
      <circle cx="620" cy="170" r="150" fill="#0b5f54" opacity="0.08" />
      <circle cx="690" cy="250" r="96" fill="#0b5f54" opacity="0.1" />
      <text x="64" y="180" fontSize="28" fontWeight="700" letterSpacing="4" fill="#0b5f54">
        ABOUT US
      </text>
      <g fontSize="84" fontWeight="700" fill="#0f1f33" letterSpacing="-2">
        <text x="64" y="290">
          Built for
        </text>
        <text x="64" y="385">
          steady passive
        </text>
        <text x="64" y="480">
          income.
        </text>
      </g>
      <g fontSize="34" fill="#4a5568">
        <text x="64" y="570">
          Fixed rates, exact interest,
        </text>
        <text x="64" y="620">
          nothing to maintain.
        </text>
      </g>
      <rect x="64" y="690" width="330" height="100" rx="18" fill="#0b5f54" />
      <text
        x="229"
        y="752"
        fontSize="30"
        fontWeight="700"
        fill="#ffffff"
        textAnchor="middle"
        letterSpacing="2"
      >
        SEE OUR PLANS
      </text>
      <rect
        x="418"
        y="690"
        width="318"
        height="100"
        rx="18"
        fill="#ffffff"
        stroke="#0f1f33"
        strokeWidth="2"
      />
      <text
        x="577"
        y="752"
        fontSize="30"
        fontWeight="700"
        fill="#0f1f33"
        textAnchor="middle"
        letterSpacing="2"
      >
        READ THE FAQ
      </text>
      <g transform="translate(64 860)">
        <rect width="672" height="180" rx="28" fill="#ffffff" stroke="#d7e3e0" />
        <rect x="48" y="40" width="180" height="18" rx="9" fill="#e2e6ec" />
        <path
          d="M48 140 L170 124 L290 116 L410 92 L560 56 L624 44"
          fill="none"
          stroke="#0b5f54"
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </>
  );
}
