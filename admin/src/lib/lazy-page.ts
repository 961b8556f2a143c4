import { createElement, lazy, type ComponentType } from 'react';
import type { Identifier } from 'react-admin';

/** What react-admin gives a page: nothing, or the record's id (the product edit route). */
type PageProps = { id?: Identifier };

/** Every preloaded page's chunk loader, for preloadPages. */
const loaders = new Set<() => Promise<unknown>>();

/**
 * A page loaded in its own chunk the first time it is needed (react-admin's Layout suspends while it
 * loads): React.lazy for a module's named export. The console's first screen (the dashboard) then
 * carries only what it shows, within its budget (README.md, Bundle sizes). Once its chunk is in
 * (preloadPages), the page renders at once, without suspending.
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType<PageProps>>>,
  name: K,
  { preload = true }: { preload?: boolean } = {},
): ComponentType<PageProps> {
  let loaded: ComponentType<PageProps> | undefined;
  const fetchPage = () =>
    load().then((m) => {
      loaded = m[name];
      return { default: m[name] };
    });
  if (preload) loaders.add(fetchPage);
  const Lazy = lazy<ComponentType<PageProps>>(fetchPage);
  return function Page(props: PageProps) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  };
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
