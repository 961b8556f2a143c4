#!/usr/bin/env node
// supabase-local's entry point: runs src/cli.ts in this same process, so Ctrl+C and SIGTERM reach the
// server's graceful shutdown.
//
// It runs a bundle of src/ (one JavaScript file, the npm packages left outside) that esbuild makes on
// the first run and keeps in node_modules/.cache/supabase-local, named by a hash of the sources: a
// changed source makes a new bundle, so there is no build step to forget. Loading it takes ~0.2 s where
// tsx's loader resolves and compiles the ~150 TypeScript modules in ~1.5 s (README, Start-up).
// SUPABASE_LOCAL_TSX=1, or a bundle that cannot be made, runs the sources through tsx instead.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleCode } from './bundle.mjs';

const PACKAGE = dirname(dirname(fileURLToPath(import.meta.url)));
const SRC = join(PACKAGE, 'src');
const CACHE = join(PACKAGE, 'node_modules', '.cache', 'supabase-local');

/** The sources a bundle is made of (tests are never imported by them), in a stable order. */
function sources(dir = SRC) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return sources(path);
      return /\.(ts|mjs|js|json)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
    });
}

async function bundle() {
  const hash = createHash('sha256').update('bundle v1\n');
  for (const file of sources()) hash.update(`${relative(SRC, file)}\n`).update(readFileSync(file));
  const out = join(CACHE, `cli-${hash.digest('hex').slice(0, 16)}.mjs`);
  if (existsSync(out)) return out;
  const code = await bundleCode(join(SRC, 'cli.ts'));
  mkdirSync(CACHE, { recursive: true });
  for (const f of readdirSync(CACHE))
    if (/^cli-[0-9a-f]+\.mjs$/.test(f)) rmSync(join(CACHE, f), { force: true });
  const partial = `${out}.${process.pid}`;
  writeFileSync(partial, code);
  renameSync(partial, out); // atomic: another process starting now never loads half a file
  return out;
}

let entry;
if (process.env.SUPABASE_LOCAL_TSX !== '1') {
  try {
    entry = await bundle();
  } catch (e) {
    console.error(`supabase-local: running the sources through tsx (no bundle: ${e.message})`);
  }
}
if (entry) {
  await import(pathToFileURL(entry).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
