import {
  AboutArtworkPage,
  PlansArtworkPage,
  StartEarningArtworkPage,
} from '../features/public-site/pages/artwork-pages';
import { HotspotEditOverlay } from './hotspot-edit-overlay';

export function AboutArtworkRoute() {
  return <AboutArtworkPage renderOverlay={(props) => <HotspotEditOverlay slug="abouttemp" {...props} />} />;
}

export function CustomPageOneRoute() {
  return (
    <StartEarningArtworkPage
      renderOverlay={(props) => <HotspotEditOverlay slug="custom-page-1" {...props} />}
    />
  );
}

export function CustomPageTwoRoute() {
  return (
    <PlansArtworkPage renderOverlay={(props) => <HotspotEditOverlay slug="custom-page-2" {...props} />} />
  );
}
