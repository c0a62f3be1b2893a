import { useState } from 'react';

const PLACEHOLDER = '/logo-placeholder.svg';

/** The brand logo; a failed image falls back to a placeholder image (spec 2). */
export function Logo({ brandName, height = 32 }: { brandName: string; height?: number }) {
  const [source, setSource] = useState('/logo.svg');
  return (
    <img
      src={source}
      alt={brandName}
      height={height}
      width={Math.round(height * 5.25)}
      onError={() => {
        if (source !== PLACEHOLDER) setSource(PLACEHOLDER);
      }}
    />
  );
}
