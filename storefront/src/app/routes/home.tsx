import { useQuery } from '@tanstack/react-query';
import { Headphones, ShieldCheck, Truck } from 'lucide-react';
import { formatINR } from 'shared/pricing/format';
import { FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';
import { Link } from 'react-router-dom';
import { HOME_HERO } from '@/config/home-hero';
import { paths } from '@/config/paths';
import { useIsAdmin } from '@/features/auth/hooks/use-session';
import { productQueries } from '@/features/catalog/api/products';
import { CategoryGrid } from '@/features/catalog/components/category-grid';
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-card';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { usePageTitle } from '@/lib/use-page-title';

const FEATURES = [
  { icon: Truck, title: 'Free Delivery', text: `On orders of ${formatINR(FREE_DELIVERY_THRESHOLD)} or more` },
  { icon: ShieldCheck, title: '1-Year Warranty', text: 'On every piece we sell' },
  { icon: Headphones, title: '24/7 Support', text: 'We are here whenever you need us' },
];

const TESTIMONIALS = [
  {
    name: 'Priya Sharma',
    city: 'Mumbai',
    quote:
      'The sofa is even more comfortable than it looked. Delivery was on time and the team set it up for us.',
  },
  {
    name: 'Rahul Verma',
    city: 'Delhi',
    quote: 'Solid sheesham wood and a beautiful finish. Our dining set gets compliments from every guest.',
  },
  {
    name: 'Ananya Iyer',
    city: 'Chennai',
    quote: 'Great prices during the sale and the support team answered all my questions about the warranty.',
  },
];

function FeaturedProducts() {
  const { data, isPending, isError } = useQuery(productQueries.list({ featured: true, limit: 8 }));
  if (isPending) return <ProductGridSkeleton />;
  if (isError) return <p role="alert">We could not load the featured products. Please try again.</p>;
  return (
    <ProductGrid
      label="Featured products"
      products={data.slice(0, 8)}
      renderAddToCart={(p) => (
        <AddToCartButton productId={p.id} inStock={p.in_stock} stock={p.stock_quantity} />
      )}
    />
  );
}

export function Component() {
  usePageTitle('', 'FurniCraft: sofas, beds, tables and chairs for Indian homes, delivered across India.');
  const isAdmin = useIsAdmin();

  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="rounded-2xl bg-amber-100 px-6 py-12 text-center sm:py-16"
      >
        <h1 id="hero-title" className="text-3xl font-bold text-amber-950 sm:text-5xl">
          {HOME_HERO.title}
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-amber-900">{HOME_HERO.text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => document.getElementById('featured')?.scrollIntoView({ behavior: 'smooth' })}
            className="rounded-lg bg-amber-800 px-5 py-3 font-medium text-white hover:bg-amber-900"
          >
            Shop Now
          </button>
          <Link
            to={paths.allCategories}
            className="rounded-lg border border-amber-800 bg-white px-5 py-3 font-medium text-amber-900 hover:bg-amber-50"
          >
            Explore Categories
          </Link>
          {isAdmin && (
            <a
              href={paths.admin}
              className="rounded-lg bg-stone-900 px-5 py-3 font-medium text-white hover:bg-stone-800"
            >
              Admin Panel
            </a>
          )}
        </div>
      </section>

      <section aria-label="Why shop with us" className="mt-8 grid gap-4 sm:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <div
            key={title}
            className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-4"
          >
            <Icon aria-hidden="true" className="size-8 text-amber-800" />
            <div>
              <h2 className="font-semibold">{title}</h2>
              <p className="text-sm text-stone-600">{text}</p>
            </div>
          </div>
        ))}
      </section>

      <section aria-labelledby="categories-title" className="mt-12">
        <h2 id="categories-title" className="mb-4 text-2xl font-semibold">
          Shop by Categories
        </h2>
        <CategoryGrid />
      </section>

      <section id="featured" aria-labelledby="featured-title" className="mt-12 scroll-mt-24">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id="featured-title" className="text-2xl font-semibold">
            Featured Products
          </h2>
          <Link to={paths.products} className="font-medium text-amber-800 hover:underline">
            View All Products
          </Link>
        </div>
        <FeaturedProducts />
      </section>

      <section aria-labelledby="testimonials-title" className="mt-12">
        <h2 id="testimonials-title" className="mb-4 text-2xl font-semibold">
          What Our Customers Say
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="h-full rounded-xl border border-stone-200 bg-white p-5">
                <blockquote className="text-stone-700">“{t.quote}”</blockquote>
                <figcaption className="mt-3 text-sm font-semibold">
                  {t.name}, <span className="font-normal text-stone-600">{t.city}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
