import { STORE_NAME } from 'shared/config';
import { Link } from 'react-router-dom';
import { LEGAL_PAGES } from '@/features/store/legal-pages';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('Legal', `${STORE_NAME}'s policies and seller details.`);
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">Legal</h1>
      <p className="mt-2 text-stone-700">
        Our policies, and the details the law asks an online seller to show.
      </p>
      <ul className="mt-6 space-y-3">
        {LEGAL_PAGES.map((p) => (
          <li key={p.to} className="rounded-xl border border-stone-200 bg-white p-4">
            <Link to={p.to} className="text-lg font-semibold text-amber-800 underline">
              {p.title}
            </Link>
            <p className="mt-1 text-sm text-stone-700">{p.text}</p>
          </li>
        ))}
      </ul>
    </article>
  );
}
