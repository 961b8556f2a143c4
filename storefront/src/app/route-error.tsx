import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Last resort for errors no route handled, with the spec's wording. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;

  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      {detail && <p className="mt-2 text-stone-600">{detail}</p>}
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
