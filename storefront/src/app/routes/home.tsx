import type { QueryClient } from '@tanstack/react-query';
import { STORE_NAME } from 'shared/config';
import { categoryQueries } from '@/features/catalog/api/categories';
import { CategoryGrid } from '@/features/catalog/components/category-grid';

/** Starts the categories request with the route chunk, without holding the page back for it. */
export const loader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(categoryQueries.list());
  return null;
};

export function Component() {
  return (
    <>
      <section aria-labelledby="hero-title" className="rounded-2xl bg-amber-100 px-6 py-12 text-center">
        <h1 id="hero-title" className="text-3xl font-bold text-amber-950 sm:text-4xl">
          Welcome to {STORE_NAME}
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-amber-900">
          Sofas, beds, tables and chairs crafted for Indian homes, delivered to your door.
        </p>
      </section>
      <section aria-labelledby="categories-title" className="mt-12">
        <h2 id="categories-title" className="mb-4 text-2xl font-semibold">
          Shop by Categories
        </h2>
        <CategoryGrid />
      </section>
    </>
  );
}
