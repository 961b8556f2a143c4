/**
 * bin/supabase-local.mjs runs a bundle of src/ kept in node_modules/.cache/supabase-local (named by a
 * hash of the sources), and the sources through tsx when asked to (SUPABASE_LOCAL_TSX=1).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/supabase-local.mjs', import.meta.url));
const CACHE = fileURLToPath(new URL('../node_modules/.cache/supabase-local/', import.meta.url));

function run(env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, '--help'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const bundles = () => readdirSync(CACHE).filter((f) => /^cli-[0-9a-f]{16}\.mjs$/.test(f));

describe('bin/supabase-local.mjs', () => {
  it('runs the CLI from one bundle of the sources, made once and reused', () => {
    const first = run();
    expect(first.code).toBe(0);
    expect(first.err).toContain('usage: supabase-local');
    expect(first.err).not.toContain('through tsx');
    const made = bundles();
    expect(made).toHaveLength(1);
    const at = statSync(CACHE + made[0]!).mtimeMs;
    expect(run().code).toBe(0);
    expect(bundles()).toEqual(made);
    expect(statSync(CACHE + made[0]!).mtimeMs).toBe(at);
  }, 60_000);

  it('runs the sources through tsx with SUPABASE_LOCAL_TSX=1', () => {
    const r = run({ SUPABASE_LOCAL_TSX: '1' });
    expect(r.code).toBe(0);
    expect(r.err).toContain('usage: supabase-local');
  }, 60_000);
});
