/**
 * lazy() that renders at once when its module is already loaded (decision 1412). React shows
 * a lazy component's Suspense fallback for at least one commit and then reveals the content
 * no sooner than 300 ms after that fallback appeared (its Suspense throttling), so a page
 * whose chunks the HTML had preloaded still sat idle behind a spinner. `preload()` loads the
 * module ahead (main.tsx does so for the page being opened); a component mounted after that
 * renders the module directly, with no Suspense in between.
 *
 *   const TransferPage = preloadableLazy(() => import('./transfer-page').then((module) => module.TransferPage));
 *   await TransferPage.preload();
 *   <Button {...preloadOnIntent(ConvertModal)} onClick={open}>   // a dialog starts loading on hover or focus
 */
import { type ComponentType, createElement, lazy, useState } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & { preload(): Promise<void> };

export function preloadableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = (): Promise<void> => {
    pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined; // a later render tries again (and the error boundary shows a failure)
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  // biome-ignore lint/correctness/noComponentHookFactories: one component per module, made once at module load, as lazy() does
  function Preloadable(props: P) {
    // Decided once per mount: switching from the lazy wrapper to the module would remount the page.
    const [component] = useState(() => loaded);
    return component ? createElement(component, props) : createElement(Lazy, props);
  }
  return Object.assign(Preloadable, { preload });
}

/** Button props that start loading a component when the pointer or focus reaches the button. */
export function preloadOnIntent(component: { preload(): Promise<void> }): {
  onPointerEnter(): void;
  onFocus(): void;
} {
  const start = () => void component.preload();
  return { onPointerEnter: start, onFocus: start };
}
