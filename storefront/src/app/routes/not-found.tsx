import { ArrowLeft, House } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the first history entry: there is nothing of ours to go back to.
  const goBack = () => (location.key === 'default' ? navigate(paths.home) : navigate(-1));

  return (
    <section aria-labelledby="not-found-title" className="py-16 text-center">
      <p className="text-6xl font-bold text-amber-800">404</p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-semibold">
        Page not found
      </h1>
      <p className="mt-2 text-stone-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to={paths.home}
          className="inline-flex items-center gap-2 rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900"
        >
          <House aria-hidden="true" className="size-4" />
          Go to Homepage
        </Link>
        <button
          type="button"
          onClick={() => void goBack()}
          className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium hover:bg-stone-100"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Go Back
        </button>
      </div>
    </section>
  );
}
