// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_SCROLL, SCROLL_POSITIONS_KEY, useScrollRestoration } from '@/lib/scroll-restoration';

// jsdom does not scroll: the window's position is this variable, moved by scrollTo and by the "user".
let y = 0;
function userScrolls(to: number) {
  y = to;
  window.dispatchEvent(new Event('scroll'));
}

let navigate: NavigateFunction;
function App() {
  useScrollRestoration();
  const go = useNavigate();
  useEffect(() => {
    navigate = go;
  }, [go]);
  const location = useLocation();
  return <p id="section">{location.pathname}</p>;
}

function mount(initialEntries = ['/category/sofas']) {
  return render(
    <MemoryRouter initialEntries={initialEntries}>
      <App />
    </MemoryRouter>,
  );
}

describe('useScrollRestoration', () => {
  beforeEach(() => {
    y = 0;
    sessionStorage.clear();
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
    vi.spyOn(window, 'scrollTo').mockImplementation((_x?: unknown, top?: unknown) => {
      if (typeof top === 'number') y = top;
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('starts a new page at the top and returns to the old position on Back and Forward', () => {
    mount();
    userScrolls(1200);
    act(() => void navigate('/product/1'));
    expect(y).toBe(0);
    userScrolls(300);
    act(() => void navigate(-1));
    expect(y).toBe(1200);
    act(() => void navigate(1));
    expect(y).toBe(300);
  });

  it('leaves the window where it is for a change made with KEEP_SCROLL', () => {
    mount();
    userScrolls(800);
    act(() => void navigate('/category/sofas?sort=price-asc', { replace: true, state: KEEP_SCROLL }));
    expect(y).toBe(800);
    act(() => void navigate('/category/sofas?sort=price-desc', { replace: true }));
    expect(y).toBe(0);
  });

  it('shows the element a hash names', () => {
    mount();
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    userScrolls(500);
    act(() => void navigate('/category/sofas#section'));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(y).toBe(500);
  });

  it('keeps the positions across a reload (sessionStorage, written when the page is hidden)', () => {
    const first = mount(); // the first history entry's key is 'default'
    userScrolls(640);
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '')).toEqual({ default: 640 });
    first.unmount();

    y = 0;
    mount(); // the same entry in a new document
    expect(y).toBe(640);
  });

  it('survives a corrupt stored value', () => {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, '{not json');
    mount();
    expect(y).toBe(0);
  });
});
