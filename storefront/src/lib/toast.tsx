import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import type { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner';
import { create } from 'zustand';

/**
 * Toasts (sonner) loaded on the first toast: sonner stays out of the entry chunk (about 9 KB gzip and
 * 33 KB of script that every page's first paint would wait for on a slow phone) and out of the page's
 * first requests. `<Toaster>` renders nothing until a toast is wanted; `toast.*` then loads sonner,
 * mounts its toaster and shows the toast once it is on the page, so no toast is lost.
 */
const useWanted = create(() => false);
let toasterMounted: () => void;
const mounted = new Promise<void>((resolve) => (toasterMounted = resolve));
const sonner = () => import('sonner');

const SonnerToasterLazy = lazy(async () => {
  const { Toaster: Impl } = await sonner();
  return {
    default: function MountedToaster(props: ComponentProps<typeof SonnerToaster>) {
      useEffect(() => toasterMounted(), []);
      return <Impl {...props} />;
    },
  };
});

export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  return useWanted() ? (
    <Suspense fallback={null}>
      <SonnerToasterLazy {...props} />
    </Suspense>
  ) : null;
}

type Show = typeof sonnerToast.success;
const show =
  (kind: 'success' | 'error' | 'info') =>
  (...args: Parameters<Show>): void => {
    useWanted.setState(true, true);
    void mounted.then(sonner).then(({ toast }) => toast[kind](...args));
  };

export const toast = { success: show('success'), error: show('error'), info: show('info') };
