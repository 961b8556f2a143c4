import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A page loaded in its own chunk the first time it is shown (react-admin's Layout suspends while it
 * loads): React.lazy for a module's named export. The console's first screen (the dashboard) then
 * carries only what it shows, within its budget (README.md, Bundle sizes).
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
