import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { deepEqual, show } from './assert.ts';
import type { Case } from './types.ts';

/**
 * HARNESS §6: our own, reviewed list of deliberate or environment divergences. Each case entry names the
 * reason and may pin a value of the case's `expect` block, so a re-synced case that changed no longer
 * matches the exemption silently.
 */
export interface Divergence {
  reason: string;
  pin?: { path: (string | number)[]; value: unknown };
}

export interface Divergences {
  cases: Map<number, Divergence>;
  /** by request kind, e.g. `cli` (this server has no PostgREST command line) */
  kinds: Map<string, Divergence>;
}

export const DEFAULT_DIVERGENCES = join(dirname(fileURLToPath(import.meta.url)), 'divergences.yaml');

function asDivergence(where: string, v: unknown): Divergence {
  if (!v || typeof v !== 'object') throw new Error(`${where}: expected {reason, pin?}`);
  const { reason, pin } = v as { reason?: unknown; pin?: unknown };
  if (typeof reason !== 'string' || reason.trim() === '') throw new Error(`${where}: reason is required`);
  if (pin === undefined) return { reason };
  const p = pin as { path?: unknown; value?: unknown };
  if (!Array.isArray(p.path) || !Object.hasOwn(p, 'value'))
    throw new Error(`${where}: pin needs path: [...] and value`);
  return { reason, pin: { path: p.path as (string | number)[], value: p.value } };
}

export function parseDivergences(text: string): Divergences {
  const doc = (parse(text) ?? {}) as Record<string, unknown>;
  const cases = new Map<number, Divergence>();
  const kinds = new Map<string, Divergence>();
  for (const [k, v] of Object.entries(doc)) {
    if (k === 'kinds') {
      for (const [kind, d] of Object.entries((v ?? {}) as Record<string, unknown>)) {
        kinds.set(kind, asDivergence(`kinds.${kind}`, d));
      }
    } else if (/^\d+$/.test(k)) {
      cases.set(Number(k), asDivergence(`case ${k}`, v));
    } else {
      throw new Error(`divergences: unexpected key '${k}' (case ids or 'kinds')`);
    }
  }
  return { cases, kinds };
}

export function loadDivergences(file = DEFAULT_DIVERGENCES): Divergences {
  return parseDivergences(readFileSync(file, 'utf8'));
}

export type DivergenceMatch =
  | { kind: 'none' }
  | { kind: 'documented'; reason: string }
  /** listed, but the case no longer asserts the pinned value: the entry needs review */
  | { kind: 'pin-mismatch'; reason: string; detail: string };

function dig(v: unknown, path: (string | number)[]): unknown {
  let cur = v;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    const key = Array.isArray(cur) ? Number(k) : String(k);
    if (Array.isArray(cur)) cur = cur[key as number];
    else {
      // header maps are case-insensitive
      const obj = cur as Record<string, unknown>;
      const hit =
        Object.keys(obj).find((x) => x === key) ??
        Object.keys(obj).find((x) => x.toLowerCase() === String(key).toLowerCase());
      cur = hit === undefined ? undefined : obj[hit];
    }
  }
  return cur;
}

export function divergenceFor(c: Case, d: Divergences): DivergenceMatch {
  const byId = d.cases.get(c.id);
  const kind = c.request.kind ?? 'http';
  const entry = byId ?? d.kinds.get(kind);
  if (!entry) return { kind: 'none' };
  if (entry.pin) {
    const actual = dig(c.expect, entry.pin.path);
    if (!deepEqual(actual, entry.pin.value)) {
      return {
        kind: 'pin-mismatch',
        reason: entry.reason,
        detail: `pin expect.${entry.pin.path.join('.')} = ${show(entry.pin.value)}, case has ${show(actual)}`,
      };
    }
  }
  return { kind: 'documented', reason: entry.reason };
}
