import { STORE_NAME } from 'shared/config';
import { CategoryGrid } from '@/features/catalog/components/category-grid';

// No loader: the categories are one section of the page, not what the page is, so they load in the
// section (skeletons, then the grid, the empty state or an error) instead of holding navigation.
// A prefetch here would start in the same tick as the section's own query, and when it failed it
// made the section fetch twice (an errored query refetches when its first observer mounts).

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
