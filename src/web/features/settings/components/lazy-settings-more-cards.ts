/**
 * The settings cards below the profile, loaded on demand (decision 1975): the settings page
 * renders them, and the route table starts loading them with the page's code without waiting.
 */
import { preloadableLazy } from '../../../lib/preloadable-lazy';

export const LazySettingsMoreCards = preloadableLazy(() =>
  import('./settings-more-cards').then((module) => module.SettingsMoreCards),
);
