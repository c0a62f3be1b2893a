/**
 * Discover more, loaded on demand (decision 1975): on a phone it is below the first screen of
 * the overview, so the route table starts loading it with the page's code without waiting,
 * and the page draws a placeholder card of the same title until it is in.
 */
import { LoadingState } from '../../../components/ui/feedback';
import { preloadableLazy } from '../../../lib/preloadable-lazy';

export const LazyDiscoverMore = preloadableLazy(() =>
  import('./discover-more').then((module) => module.DiscoverMore),
);

export function DiscoverMorePlaceholder() {
  return (
    <section className="card discover" aria-labelledby="discover-heading" aria-busy="true">
      <h2 id="discover-heading" className="card-title">
        Discover more
      </h2>
      <LoadingState />
    </section>
  );
}
