import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** One page of the /legal area: a way back to the index, the title, its sections, and a contact line. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={paths.legal} className="font-medium text-amber-800 underline">
          Legal
        </Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{title}</span>
      </nav>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      {children}
      <p className="mt-8">
        Questions?{' '}
        <Link to={paths.contact} className="font-medium text-amber-800 underline">
          Contact us
        </Link>
        .
      </p>
    </article>
  );
}

/** A titled section of a legal page. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="mt-2 space-y-2 text-stone-700">{children}</div>
    </section>
  );
}
