import { useState } from 'react';

const MARK = '/logo-mark.svg';
const PLACEHOLDER = '/logo-placeholder.svg';

/**
 * The brand logo: the mark as an image (a failed image falls back to a placeholder image,
 * spec 2) and the wordmark as text in the page's self-hosted typeface. An image cannot use
 * the page's fonts, so a wordmark drawn inside the SVG fell back to a system font; as text it
 * also follows BRAND_NAME.
 */
export function Logo({ brandName, height = 32 }: { brandName: string; height?: number }) {
  const [source, setSource] = useState(MARK);
  return (
    <span className="logo" style={{ fontSize: `${Math.round(height * 0.625)}px` }}>
      <img
        className="logo-mark"
        src={source}
        alt=""
        width={height}
        height={height}
        onError={() => {
          if (source !== PLACEHOLDER) setSource(PLACEHOLDER);
        }}
      />
      <span className="logo-wordmark">{brandName}</span>
    </span>
  );
}
