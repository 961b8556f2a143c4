import { useEffect } from 'react';
import { STORE_NAME } from 'shared/config';

/** Sets the document title and meta description of a page (restored to the store's on leaving). */
export function usePageTitle(title: string, description?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${STORE_NAME}` : `${STORE_NAME} — Furniture for every room`;
    const meta = document.querySelector('meta[name="description"]');
    const before = meta?.getAttribute('content');
    if (meta && description) meta.setAttribute('content', description);
    return () => {
      if (meta && before) meta.setAttribute('content', before);
    };
  }, [title, description]);
}
