import { ArtworkPage } from '../features/public-site/components/artwork-page';
import { artworkPages } from '../features/public-site/pages/artwork-pages';

export function AboutArtworkRoute() {
  return <ArtworkPage {...artworkPages.about} />;
}

export function CustomPageOneRoute() {
  return <ArtworkPage {...artworkPages.custom1} />;
}

export function CustomPageTwoRoute() {
  return <ArtworkPage {...artworkPages.custom2} />;
}
