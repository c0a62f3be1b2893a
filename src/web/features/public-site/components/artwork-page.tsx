import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Hotspot, HotspotListResponse, HotspotPageSlug } from '../../../../shared/pages/hotspots';
import { apiRequest } from '../../../lib/api-client';
import { ARTWORK_WIDTH } from './artworks/artwork-sizes';

/** Lets the admin edit overlay (composed in app/) render on top, with the loaded hotspots. */
export type RenderHotspotOverlay = (props: {
  hotspots: Hotspot[];
  onSaved(hotspots: Hotspot[]): void;
}) => ReactNode;

export interface ArtworkPageProps {
  slug: HotspotPageSlug;
  title: string;
  /** What the artwork says, for screen readers (the drawing is one image). */
  description: string;
  /** The drawing's height in artwork units (it is ARTWORK_WIDTH wide). */
  height: number;
  /** The drawing: SVG elements, whose text uses the page's self-hosted typeface. */
  children: ReactNode;
  renderOverlay?: RenderHotspotOverlay;
}

/**
 * A full-width artwork with invisible link hotspots positioned in percent of the drawing
 * (spec 2). Visitors see only the picture; each hotspot is a real link, shown on focus. The
 * drawing is inline SVG, not an image, so its text is set in the page's typeface.
 */
export function ArtworkPage({ slug, title, description, height, children, renderOverlay }: ArtworkPageProps) {
  const [hotspots, setHotspots] = useState<Hotspot[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<HotspotListResponse>(`/api/pages/${slug}/hotspots`, { signal: controller.signal })
      .then((response) => setHotspots(response.hotspots))
      .catch(() => {
        if (!controller.signal.aborted) setHotspots([]);
      });
    return () => controller.abort();
  }, [slug]);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className={`artwork-page artwork-page-${slug}`}>
      <h1 className="visually-hidden">{title}</h1>
      <div className="artwork-frame">
        <svg
          className="artwork-image"
          viewBox={`0 0 ${ARTWORK_WIDTH} ${height}`}
          role="img"
          aria-label={description}
          xmlns="http://www.w3.org/2000/svg"
        >
          {children}
        </svg>
        {hotspots.map((spot) => (
          <Link
            key={spot.id}
            to={spot.href}
            className="hotspot"
            aria-label={spot.label}
            style={{
              top: `${spot.top}%`,
              left: `${spot.left}%`,
              width: `${spot.width}%`,
              height: `${spot.height}%`,
            }}
          />
        ))}
        {renderOverlay?.({ hotspots, onSaved: setHotspots })}
      </div>
    </div>
  );
}
