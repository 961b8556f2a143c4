// ESLint 10 flat config for the whole workspace: TypeScript everywhere, React hooks rules for the two
// apps. Formatting is Prettier's job (.prettierrc), so no stylistic rules here.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/.data/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    '.vitest/',
    '.bench/',
    // Throwaway files engineers keep out of git (scratch/ folders, *.tmp.ts).
    '**/scratch/',
    '**/*.tmp.ts',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Node: tooling, supabase-local, the store's tests and benchmark, the e2e runner and the config files.
    files: [
      '*.{js,ts}',
      'supabase-local/**',
      'supabase/tests/**',
      'supabase/bench/**',
      'e2e/**',
      'scripts/**',
      '**/*.config.{js,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['storefront/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat['recommended-latest']],
  },
  // Storefront features never import each other; routes (src/app) compose them (STYLE.md).
  ...readdirSync(new URL('./storefront/src/features', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map(({ name }) => ({
      files: [`storefront/src/features/${name}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['@/features/*', `!@/features/${name}`],
                message: `features/${name} may not import another feature: compose them in src/app.`,
              },
            ],
          },
        ],
      },
    })),
  {
    // shared/ runs in browsers, Node and Deno: only what all of them have.
    files: ['shared/**'],
    languageOptions: { globals: globals['shared-node-browser'] },
  },
]);
