import { localStorageStore, type Store } from 'react-admin';

/**
 * react-admin's Store (list filters, sort, column choices, saved queries, the theme), one per staff
 * member: its localStorage keys start with `RaStoreFurniCraft.<user id>.`, so a second staff member on
 * the same browser neither sees nor overwrites the first one's saved queries.
 *
 * react-admin empties the Store on logout (so the next person starts afresh): here that keeps what the
 * staff member chose to keep — their saved queries (`<resource>.savedQueries`) and their theme — and
 * forgets the rest (the last filters, pages and selections), as react-admin does.
 */
export const STORE_VERSION = '1';

/** The Store keys that outlive a sign-out. */
export function keptOnReset(key: string): boolean {
  return key === 'theme' || key.endsWith('.savedQueries');
}

export function userStore(userId: string): Store {
  const store = localStorageStore(STORE_VERSION, `FurniCraft.${userId}`);
  return {
    ...store,
    reset() {
      for (const key of Object.keys(store.listItems?.() ?? {})) {
        if (!keptOnReset(key)) store.removeItem(key);
      }
    },
  };
}
