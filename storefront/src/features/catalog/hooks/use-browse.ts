import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { browseQueries, type BrowsePage, type BrowseQuery } from '@/features/catalog/api/browse-products';
import {
  parseBrowseParams,
  serializeBrowseParams,
  stateFromApplied,
  type BrowseScope,
  type BrowseState,
} from '@/features/catalog/browse-params';
import { KEEP_SCROLL } from '@/lib/scroll-restoration';

export interface UseBrowseOptions {
  /** The listing: a category by slug (its page, or the all-products page's select), a search. */
  categorySlug?: string;
  search?: string;
  /** What the page keeps in its query string besides the filters (q on search, category on all products). */
  scope: BrowseScope;
  enabled?: boolean;
  /** Keep showing the last results while another category loads (a filter of the page, not the page). */
  acrossCategories?: boolean;
}

/**
 * A listing page's state in the URL and its results. Each change pushes a history entry (Back
 * restores the previous selection) and starts again at the first page; once the database answers, the
 * URL is rewritten (replaced, not pushed) to what it applied, in the canonical form, so unknown
 * values drop out and equal selections read the same.
 */
export function useBrowse({
  categorySlug,
  search,
  scope,
  enabled = true,
  acrossCategories = false,
}: UseBrowseOptions) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = location.search.replace(/^\?/, '');
  const parsed = useMemo(() => parseBrowseParams(new URLSearchParams(current)), [current]);
  // React Router renders a navigation as a transition, which a busy phone may hold back: until it
  // lands, the controls show the selection just made (a ticked box stays ticked).
  // (`from` is the location object: any navigation, Back included, makes a new one.)
  const [optimistic, setOptimistic] = useState<{ from: typeof location; state: BrowseState }>();
  const state = optimistic?.from === location ? optimistic.state : parsed;

  const { q, category } = scope;

  // The query's key is the canonical selection (sorted values, the default sort left out), so a link
  // that only differs in form asks nothing more once the URL is rewritten.
  const keyState = useMemo(() => canonical(state, { q, category }), [state, q, category]);
  const query = useInfiniteQuery({
    ...browseQueries.pages({ categorySlug, search, state: keyState }),
    enabled,
    // While a new selection loads, the last one's products and counts stay (no skeleton, no layout
    // shift), but only within the same listing: another category page starts blank.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2];
      const same =
        before !== undefined &&
        before.search === search &&
        (acrossCategories || before.categorySlug === categorySlug);
      return same ? previous : undefined;
    },
  });
  const first = query.data?.pages[0];
  const settled = query.isSuccess && !query.isPlaceholderData ? first : undefined;

  const go = useCallback(
    (next: BrowseState, replace: boolean, nextScope: BrowseScope = { q, category }) => {
      const search = serializeBrowseParams(next, nextScope);
      navigate({ search: search && `?${search}`, hash: location.hash }, { replace, state: KEEP_SCROLL });
    },
    [navigate, location.hash, q, category],
  );

  const navigating = optimistic?.from === location;
  useEffect(() => {
    // Not while a pushed selection is still on its way into the URL: a replace now would overwrite
    // the entry Back should return to.
    if (!settled || navigating) return;
    if (settled.applied) {
      const canonical = serializeBrowseParams(stateFromApplied(settled.applied), { q, category });
      if (canonical !== current) go(stateFromApplied(settled.applied), true);
    } else if (category && settled.category === null) {
      // The all-products page's ?category= names no category: list every product instead.
      go(state, true, { q, category: undefined });
    }
  }, [settled, navigating, current, state, go, q, category]);

  /** A new selection: pushed, and shown from its first page even if it was paged before. */
  const update = useCallback(
    (next: BrowseState, nextScope?: BrowseScope) => {
      if (serializeBrowseParams(next, nextScope ?? { q, category }) === current) return;
      const key = browseQueries.pages({
        categorySlug: nextScope ? nextScope.category : categorySlug,
        search,
        state: canonical(next, nextScope ?? { q, category }),
      } satisfies BrowseQuery).queryKey;
      queryClient.setQueryData<InfiniteData<BrowsePage, number>>(key, (data) =>
        data && data.pages.length > 1
          ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
          : data,
      );
      setOptimistic({ from: location, state: next });
      go(next, false, nextScope);
    },
    [queryClient, categorySlug, search, go, current, location, q, category],
  );

  return { state, update, query, first, pending: query.isPlaceholderData };
}

function canonical(state: BrowseState, scope: BrowseScope): BrowseState {
  return parseBrowseParams(new URLSearchParams(serializeBrowseParams(state, scope)));
}
