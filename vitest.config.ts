import { defineConfig } from 'vitest/config';

// Two projects: `unit` (fast, pure, beside the code in every package) and `integration`
// (supabase-local's tests against a real server and database: one file at a time, in forks,
// with timeouts long enough for PGlite to boot and apply migrations).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/src/**/*.test.ts', '**/src/**/*.test.tsx'],
          exclude: ['**/node_modules/**', '**/dist/**', '**/.data/**', 'supabase-local/test/**', 'e2e/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['supabase-local/test/**/*.test.ts'],
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
