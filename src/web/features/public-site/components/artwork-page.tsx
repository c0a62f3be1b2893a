import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Hotspot, HotspotListResponse, HotspotPageSlug } from '../../../../shared/pages/hotspots';
import { apiRequest } from '../../../lib/api-client';

export interface ArtworkPageProps {
  slug: HotspotPageSlug;
  artwork: string;
  title: string;
  description: string;
  /** Lets the admin edit overlay (composed in app/) render on top, with the loaded hotspots. */
  renderOverlay?: (props: { hotspots: Hotspot[]; onSaved(hotspots: Hotspot[]): void }) => React.ReactNode;
}

/**
 * A full-width artwork with invisible link hotspots positioned in percent of the image
 * (spec 2). Visitors see only the picture; each hotspot is a real link, shown on focus.
 */
export function ArtworkPage({ slug, artwork, title, description, renderOverlay }: ArtworkPageProps) {
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
    <div className="artwork-page">
      <h1 className="visually-hidden">{title}</h1>
      <div className="artwork-frame">
        <img src={artwork} alt={description} className="artwork-image" />
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
