import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where the positions live across a reload or a visit to another site and back. */
export const SCROLL_POSITIONS_KEY = 'furnicraft-scroll-positions';

/**
 * Navigation `state` for a change that keeps the window where it is: a filter, a sort, a page of
 * results, a variant (`navigate(to, { replace: true, state: KEEP_SCROLL })`).
 */
export const KEEP_SCROLL = { keepScroll: true } as const;

function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'keepScroll' in state && state.keepScroll === true;
}

function readPositions(): Map<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return new Map();
    return new Map(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'));
  } catch {
    return new Map(); // storage blocked or a corrupt value: start afresh
  }
}

/**
 * What the browser does between documents, for the app's own navigations (React Router's declarative
 * mode has no `<ScrollRestoration>`; its data router, which has, is not in the bundle: ADR 019):
 * - a new page (a link, `navigate`) starts at the top, or at the element its `#hash` names;
 * - Back and Forward return to where that entry was scrolled, also after a reload (sessionStorage);
 * - a change made with `state: KEEP_SCROLL` leaves the window where it is;
 * - a change of only the `#hash` shows the element it names (a link within the page, the skip link).
 *
 * Positions are kept per history entry (`location.key`) as the window scrolls.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const [positions] = useState(readPositions);
  const shown = useRef(location);

  useEffect(() => {
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const save = () => positions.set(shown.current.key, window.scrollY);
    const persist = () => {
      save();
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // storage full or blocked: Back still works within this document
      }
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
      history.scrollRestoration = previous;
    };
  }, [positions]);

  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = location;
    if (before === location) {
      // the first render: a reload returns to where the page was
      const y = positions.get(location.key);
      if (y !== undefined) window.scrollTo(0, y);
      return;
    }
    const hash = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (hash && before.pathname === location.pathname && before.search === location.search) {
      hash.scrollIntoView(); // a link within the page, or the skip link (the browser has already moved)
      return;
    }
    if (action === 'POP') {
      const y = positions.get(location.key);
      if (y !== undefined) {
        window.scrollTo(0, y);
        return;
      }
    } else if (keepsScroll(location.state)) {
      return;
    }
    if (hash) hash.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, action, positions]);
}
