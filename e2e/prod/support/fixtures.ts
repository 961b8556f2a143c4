import { test as base } from '@playwright/test';
import { startStack, type Stack } from './stack';

/**
 * The production-like stack (support/stack.ts), started once per worker before the first test:
 * build, supabase-local with its own keys, nginx. Stopped when the worker ends.
 */
export const test = base.extend<object, { stack: Stack }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startStack();
      try {
        await use(stack);
      } finally {
        await stack.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 300_000 },
  ],
});

export { expect } from '@playwright/test';
