import { CategoryGrid } from '@/features/catalog/components/category-grid';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('All Categories', 'Browse every FurniCraft collection: sofas, beds, dining, office and more.');
  return (
    <section aria-labelledby="all-categories-title">
      <h1 id="all-categories-title" className="mb-6 text-3xl font-bold">
        All Categories
      </h1>
      <CategoryGrid showCounts />
    </section>
  );
}
