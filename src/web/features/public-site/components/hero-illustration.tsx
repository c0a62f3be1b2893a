/** A calm, decorative illustration of steady growth (no figures: the real rates are in the plan cards). */
export function HeroIllustration() {
  return (
    <div className="hero-art" aria-hidden="true">
      <svg viewBox="0 0 440 340" role="presentation">
        <defs>
          <linearGradient id="hero-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="#0b5f54" stopOpacity="0.22" />
            <stop offset="100%" stopColor="#0b5f54" stopOpacity="0" />
          </linearGradient>
        </defs>
        <rect x="10" y="10" width="420" height="320" rx="24" fill="#ffffff" stroke="#e2e6ec" />
        <rect x="40" y="42" width="120" height="12" rx="6" fill="#e2e6ec" />
        <rect x="40" y="66" width="190" height="22" rx="8" fill="#0f1f33" opacity="0.9" />
        <rect x="310" y="42" width="90" height="28" rx="14" fill="#e6f2ef" />
        <circle cx="328" cy="56" r="6" fill="#0b5f54" />
        <rect x="340" y="51" width="46" height="10" rx="5" fill="#0b5f54" opacity="0.6" />
        {[0, 1, 2, 3].map((line) => (
          <line key={line} x1="40" x2="400" y1={130 + line * 45} y2={130 + line * 45} stroke="#eef1f5" />
        ))}
        <path
          d="M40 280 L100 262 L160 250 L220 230 L280 206 L340 184 L400 156 L400 300 L40 300 Z"
          fill="url(#hero-fill)"
        />
        <path
          d="M40 280 L100 262 L160 250 L220 230 L280 206 L340 184 L400 156"
          fill="none"
          stroke="#0b5f54"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        {[100, 160, 220, 280, 340, 400].map((x, index) => (
          <circle
            key={x}
            cx={x}
            cy={[262, 250, 230, 206, 184, 156][index]}
            r="5"
            fill="#fff"
            stroke="#0b5f54"
            strokeWidth="3"
          />
        ))}
      </svg>
    </div>
  );
}
