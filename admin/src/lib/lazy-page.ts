import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Every page's chunk loader, for preloadPages. */
const loaders = new Set<() => Promise<unknown>>();

/**
 * A page loaded in its own chunk the first time it is shown (react-admin's Layout suspends while it
 * loads): React.lazy for a module's named export. The console's first screen (the dashboard) then
 * carries only what it shows, within its budget (README.md, Bundle sizes).
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  { preload = true }: { preload?: boolean } = {},
): LazyExoticComponent<ComponentType<P>> {
  if (preload) loaders.add(load);
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/**
 * Fetches every page's chunk once the first screen is up (the layout calls it after a moment), so
 * later pages open at once. Without it a menu click keeps the old page on screen while the new one's
 * chunk loads (react-router navigates in a transition), and what is typed meanwhile lands on the old
 * page. A chunk that fails here is fetched again when its page opens.
 */
export function preloadPages(): void {
  for (const load of loaders) load().catch(() => undefined);
}
