import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { formatINR } from 'shared/pricing/format';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { categoryQueries } from '@/features/catalog/api/categories';
import { productQueries } from '@/features/catalog/api/products';
import { rankCategories } from '@/features/catalog/rank-categories';

interface Option {
  id: string;
  label: string;
  detail: string;
  href: string;
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * The header's search: a combobox whose listbox opens from 2 characters with up to 3 categories, then
 * up to 5 products. Arrows move, Enter opens the highlighted option (or the results page), Escape,
 * an outside click, a selection or clearing close it.
 */
export function SearchBox({ onNavigate }: { onNavigate?: () => void }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const term = useDebounced(query.trim(), 200);
  const enabled = term.length > 1;

  const categories = useQuery({ ...categoryQueries.list(), enabled });
  const products = useQuery({ ...productQueries.search(term, 5), enabled });

  const options = useMemo<Option[]>(() => {
    if (!enabled) return [];
    const cats = rankCategories(term, categories.data ?? []).map((c) => ({
      id: `category-${c.id}`,
      label: c.name,
      detail: 'Category',
      href: paths.category(c.slug),
    }));
    const prods = (products.data ?? []).slice(0, 5).map((p) => ({
      id: `product-${p.id}`,
      label: p.name,
      detail: formatINR(p.price),
      href: paths.product(p.id),
    }));
    return [...cats, ...prods];
  }, [enabled, term, categories.data, products.data]);

  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  const go = (href: string) => {
    setOpen(false);
    setQuery('');
    navigate(href);
    onNavigate?.();
  };

  const expanded = open && query.trim().length > 1;
  const loading = expanded && (products.isPending || categories.isPending || term !== query.trim());

  return (
    <form
      ref={rootRef}
      role="search"
      className="relative w-full sm:w-64"
      onSubmit={(e) => {
        e.preventDefault();
        const option = options[active];
        if (expanded && option) go(option.href);
        else if (query.trim().length > 1) go(paths.search(query.trim()));
      }}
    >
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search products and categories
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-stone-500"
      />
      <input
        ref={inputRef}
        id={`${listId}-input`}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder="Search furniture…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (options.length ? (i + 1) % options.length : -1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
        className="w-full rounded-lg border border-stone-300 bg-white py-2 pr-8 pl-8 text-sm focus:border-amber-700 focus:outline-2 focus:outline-amber-700"
      />
      {query && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setQuery('');
            setOpen(false);
            inputRef.current?.focus();
          }}
          className="absolute top-1.5 right-1.5 rounded p-1 text-stone-500 hover:bg-stone-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
      {expanded && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Search suggestions"
          className="absolute z-40 mt-1 max-h-96 w-full min-w-64 overflow-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
        >
          {options.map((o, i) => (
            <li
              key={o.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => go(o.href)}
              onMouseEnter={() => setActive(i)}
              className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm ${i === active ? 'bg-amber-100' : ''}`}
            >
              <span className="truncate">{o.label}</span>
              <span className="shrink-0 text-xs text-stone-600">{o.detail}</span>
            </li>
          ))}
          {options.length === 0 && (
            <li
              role="option"
              aria-selected={false}
              aria-disabled="true"
              className="px-3 py-2 text-sm text-stone-600"
            >
              {loading ? 'Searching…' : `No results for “${query.trim()}”`}
            </li>
          )}
        </ul>
      )}
    </form>
  );
}
