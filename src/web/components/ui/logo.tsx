import { useState } from 'react';

const MARK = '/logo-mark.svg';
const PLACEHOLDER = '/logo-placeholder.svg';

/**
 * The brand logo: the mark as an image (a failed image falls back to a placeholder image,
 * spec 2) and the wordmark as text in the page's self-hosted typeface. An image cannot use
 * the page's fonts, so a wordmark drawn inside the SVG fell back to a system font; as text it
 * also follows BRAND_NAME. Three sizes, each a class (global.css): a server-rendered page may
 * carry no style attribute (the CSP allows styles from the stylesheets only, decision 1985).
 */
export function Logo({ brandName, height = 32 }: { brandName: string; height?: 26 | 30 | 32 }) {
  const [source, setSource] = useState(MARK);
  return (
    <span className={`logo logo-${height}`}>
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
