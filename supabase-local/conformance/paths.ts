import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The suite this repository is measured against: PostgREST's observed behaviour, kept beside the harness. */
export const defaultSuite = resolve(dirname(fileURLToPath(import.meta.url)), 'postgrest-conformance');

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export const defaultFixtures = join(defaultSuite, 'fixtures');

function isFixtures(p: string): boolean {
  return isDir(p) && existsSync(join(p, '02_base.sql'));
}

export interface SuitePaths {
  casesDir: string;
  fixturesDir: string;
}

/**
 * Cases: the given folder (relative to the caller's working directory) or the default suite's `cases/`.
 * Fixtures: `../fixtures` beside the cases folder when it exists, else the default suite's `fixtures/`.
 */
export function resolveSuite(casesArg: string | undefined, cwd = process.cwd()): SuitePaths {
  const casesDir = casesArg ? resolve(cwd, casesArg) : join(defaultSuite, 'cases');
  if (!isDir(casesDir)) {
    throw new Error(
      casesArg
        ? `cases folder not found: ${casesDir}`
        : `default cases folder not found: ${casesDir} (expected the suite at supabase-local/conformance/postgrest-conformance)`,
    );
  }
  const beside = resolve(casesDir, '../fixtures');
  const fixturesDir = isFixtures(beside) ? beside : defaultFixtures;
  if (!isFixtures(fixturesDir)) {
    throw new Error(`fixtures not found (looked for 02_base.sql in ${beside} and ${defaultFixtures})`);
  }
  return { casesDir, fixturesDir };
}
