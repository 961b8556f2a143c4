import { defineConfig, type Plugin } from 'vitest/config';

// vitest 5 prints its failure summary with Map.groupBy, which Node 20 lacks (Node ≥ 21 has it):
// without this, a failing run crashes while reporting and hides why it failed.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value: <K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> => {
      const out = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const list = out.get(k);
        if (list) list.push(item);
        else out.set(k, [item]);
      }
      return out;
    },
  });
}

/**
 * Each app maps `@/` to its own `src/` (see its vite.config.ts). One `unit` project runs the tests of
 * every package, so `@/` is resolved per importing file: storefront/src/… → storefront/src/.
 */
function packageSrcAlias(): Plugin {
  return {
    name: 'package-src-alias',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.startsWith('@/') || !importer) return null;
      const pkg = /^(.*\/(?:storefront|admin))\/src\//.exec(importer)?.[1];
      if (!pkg) return null;
      return this.resolve(`${pkg}/src/${source.slice(2)}`, importer, { skipSelf: true });
    },
  };
}

// Two projects: `unit` (fast, pure, beside the code in every package and in scripts/) and
// `integration` (supabase-local's tests and the store's supabase/tests against a real server and
// database: one file at a time, in forks, with timeouts long enough for PGlite to boot and apply
// migrations).
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [packageSrcAlias()],
        test: {
          name: 'unit',
          include: ['**/src/**/*.test.ts', '**/src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', '**/.data/**', 'supabase-local/test/**', 'e2e/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['supabase-local/test/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
