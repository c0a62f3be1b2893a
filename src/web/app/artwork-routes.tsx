import { ArtworkPage } from '../features/public-site/components/artwork-page';
import { artworkPages } from '../features/public-site/pages/artwork-pages';
import { HotspotEditOverlay } from './hotspot-edit-overlay';

export function AboutArtworkRoute() {
  return (
    <ArtworkPage
      {...artworkPages.about}
      renderOverlay={(props) => <HotspotEditOverlay slug={artworkPages.about.slug} {...props} />}
    />
  );
}

export function CustomPageOneRoute() {
  return (
    <ArtworkPage
      {...artworkPages.custom1}
      renderOverlay={(props) => <HotspotEditOverlay slug={artworkPages.custom1.slug} {...props} />}
    />
  );
}

export function CustomPageTwoRoute() {
  return (
    <ArtworkPage
      {...artworkPages.custom2}
      renderOverlay={(props) => <HotspotEditOverlay slug={artworkPages.custom2.slug} {...props} />}
    />
  );
}
