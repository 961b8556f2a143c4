import type { FallbackProps } from 'react-error-boundary';

/** Last resort for an error no page handled (main.tsx's error boundary), with the spec's wording. */
export function RouteError({ error }: Pick<FallbackProps, 'error'>) {
  if (import.meta.env.DEV) console.error(error);

  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="mt-2 text-stone-600">Please reload the page. If it keeps happening, contact us.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900"
      >
        Reload
      </button>
    </main>
  );
}
