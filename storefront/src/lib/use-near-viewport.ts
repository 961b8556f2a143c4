import { useEffect, useState, type RefCallback } from 'react';

/**
 * Whether an element has come within `rootMargin` of the viewport (once true, it stays true): what
 * sits below the fold (the footer's seller details) asks for its data only then, so it never competes
 * with the page's own requests and its largest picture. Without IntersectionObserver: at once.
 */
export function useNearViewport<T extends Element>(rootMargin = '400px'): [RefCallback<T>, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, rootMargin]);
  return [setElement, near];
}
