import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function ProductNotFound() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Product Not Found</h1>
      <p className="mt-2 text-stone-600">
        The product you are looking for does not exist or has been removed.
      </p>
      <Link
        to={paths.home}
        className="mt-6 inline-block rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900"
      >
        Go Back Home
      </Link>
    </section>
  );
}
