/** The three artwork pages with hotspots (PRODUCT.md 31); their figures come from the catalogue. */
import { figuresOf, usePublicProducts } from '../../../lib/use-public-products';
import { ArtworkPage, type RenderHotspotOverlay } from '../components/artwork-page';
import { ABOUT_HEIGHT, AboutArtwork, aboutDescription } from '../components/artworks/about-artwork';
import {
  PLANS_HEIGHT,
  PlansArtwork,
  planFiguresOf,
  plansDescription,
} from '../components/artworks/plans-artwork';
import {
  START_EARNING_HEIGHT,
  StartEarningArtwork,
  startEarningDescription,
} from '../components/artworks/start-earning-artwork';

interface ArtworkRouteProps {
  renderOverlay?: RenderHotspotOverlay;
}

export function AboutArtworkPage({ renderOverlay }: ArtworkRouteProps) {
  return (
    <ArtworkPage
      slug="abouttemp"
      title="About"
      description={aboutDescription}
      height={ABOUT_HEIGHT}
      renderOverlay={renderOverlay}
    >
      <AboutArtwork />
    </ArtworkPage>
  );
}

export function StartEarningArtworkPage({ renderOverlay }: ArtworkRouteProps) {
  const figures = figuresOf(usePublicProducts());
  return (
    <ArtworkPage
      slug="custom-page-1"
      title="Start earning today"
      description={startEarningDescription(figures)}
      height={START_EARNING_HEIGHT}
      renderOverlay={renderOverlay}
    >
      <StartEarningArtwork figures={figures} />
    </ArtworkPage>
  );
}

export function PlansArtworkPage({ renderOverlay }: ArtworkRouteProps) {
  const products = usePublicProducts();
  const plans = planFiguresOf(products.status === 'ready' ? products.products : null);
  return (
    <ArtworkPage
      slug="custom-page-2"
      title="Plans"
      description={plansDescription(plans)}
      height={PLANS_HEIGHT}
      renderOverlay={renderOverlay}
    >
      <PlansArtwork plans={plans} />
    </ArtworkPage>
  );
}
