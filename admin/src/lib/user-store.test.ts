import { beforeAll, describe, expect, it } from 'vitest';

/** A localStorage whose own enumerable keys are its items, as the browser's (react-admin lists them so). */
function fakeLocalStorage(): Storage {
  const storage = {} as Record<string, string>;
  const methods: Record<string, unknown> = {
    getItem: (k: string) => (Object.hasOwn(storage, k) ? storage[k] : null),
    setItem: (k: string, v: string) => {
      storage[k] = String(v);
    },
    removeItem: (k: string) => {
      delete storage[k];
    },
  };
  for (const [name, value] of Object.entries(methods)) Object.defineProperty(storage, name, { value });
  return storage as unknown as Storage;
}

let userStore: typeof import('@/lib/user-store').userStore;
let keptOnReset: typeof import('@/lib/user-store').keptOnReset;

beforeAll(async () => {
  // react-admin decides at import time whether localStorage works: give it one first
  Object.assign(globalThis, {
    window: { localStorage: fakeLocalStorage(), addEventListener() {}, removeEventListener() {} },
  });
  ({ userStore, keptOnReset } = await import('@/lib/user-store'));
});

const saved = [{ label: 'Waiting to ship', value: { filter: { status: 'processing' } } }];

describe('the Store per staff member', () => {
  it('keeps each user’s saved queries apart', () => {
    const asha = userStore('11111111-1111-4111-8111-111111111111');
    const ravi = userStore('22222222-2222-4222-8222-222222222222');
    asha.setup();
    ravi.setup();
    asha.setItem('orders.savedQueries', saved);
    expect(asha.getItem('orders.savedQueries')).toEqual(saved);
    expect(ravi.getItem('orders.savedQueries', [])).toEqual([]);
    // the same user on a later visit (a new Store object) finds them
    expect(userStore('11111111-1111-4111-8111-111111111111').getItem('orders.savedQueries')).toEqual(saved);
  });

  it('on reset (react-admin’s logout) keeps saved queries and the theme, forgets the rest, and only its own', () => {
    const asha = userStore('33333333-3333-4333-8333-333333333333');
    const ravi = userStore('44444444-4444-4444-8444-444444444444');
    asha.setItem('orders.savedQueries', saved);
    asha.setItem('theme', 'dark');
    asha.setItem('orders.listParams', { page: 3 });
    asha.setItem('products.selectedIds', [1, 2]);
    ravi.setItem('orders.listParams', { page: 2 });
    asha.reset();
    expect(asha.getItem('orders.savedQueries')).toEqual(saved);
    expect(asha.getItem('theme')).toBe('dark');
    expect(asha.getItem('orders.listParams')).toBeUndefined();
    expect(asha.getItem('products.selectedIds')).toBeUndefined();
    expect(ravi.getItem('orders.listParams')).toEqual({ page: 2 });
  });

  it('names the keys that outlive a sign-out', () => {
    expect(keptOnReset('theme')).toBe(true);
    expect(keptOnReset('reviews.savedQueries')).toBe(true);
    expect(keptOnReset('reviews.listParams')).toBe(false);
    expect(keptOnReset('sidebar.open')).toBe(false);
  });
});
