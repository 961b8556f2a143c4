/** Request headers PostgREST reads: Prefer, Accept, Content-Type, Range, and the profile headers. */
import { err } from '../errors.ts';
import type { Preferences } from './types.ts';

export function parsePrefer(values: string[]): Preferences {
  const p: Preferences = { invalid: [] };
  for (const header of values) {
    for (const raw of header.split(',')) {
      const token = raw.trim();
      if (token === '') continue;
      const eq = token.indexOf('=');
      const k = eq < 0 ? token : token.slice(0, eq).trim();
      const v = eq < 0 ? '' : token.slice(eq + 1).trim();
      const ok = (() => {
        switch (k) {
          case 'return':
            if (v === 'minimal' || v === 'headers-only' || v === 'representation')
              return ((p.return ??= v), true);
            return false;
          case 'count':
            if (v === 'exact' || v === 'planned' || v === 'estimated') return ((p.count ??= v), true);
            return false;
          case 'resolution':
            if (v === 'merge-duplicates' || v === 'ignore-duplicates') return ((p.resolution ??= v), true);
            return false;
          case 'missing':
            if (v === 'default' || v === 'null') return ((p.missing ??= v), true);
            return false;
          case 'handling':
            if (v === 'strict' || v === 'lenient') return ((p.handling ??= v), true);
            return false;
          case 'tx':
            if (v === 'commit' || v === 'rollback') return ((p.tx ??= v), true);
            return false;
          case 'timezone':
            if (v !== '') return ((p.timezone ??= v), true);
            return false;
          case 'max-affected':
            if (/^\d+$/.test(v)) return ((p.maxAffected ??= Number(v)), true);
            return false;
          // `params=single-object` was removed in PostgREST 13 (CHANGELOG #3757; ApiRequest/Preferences.hs
          // knows no `params`): like any unknown preference it is ignored, or PGRST122 with handling=strict
          default:
            return false;
        }
      })();
      if (!ok) p.invalid.push(token);
    }
  }
  return p;
}

export type MediaType =
  | 'application/json'
  | 'application/vnd.pgrst.object+json'
  | 'application/vnd.pgrst.array+json'
  | 'text/csv'
  | 'text/plain'
  | 'application/octet-stream'
  | 'application/vnd.pgrst.plan';

export interface Accepted {
  type: MediaType;
  stripNulls: boolean;
  /** application/vnd.pgrst.plan: EXPLAIN the statement instead of running it (db-plan-enabled) */
  plan?: { format: 'json' | 'text'; for: MediaType; options: string[] };
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

const TYPES: Record<string, MediaType> = {
  'application/json': 'application/json',
  'application/vnd.pgrst.object+json': 'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object': 'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.array+json': 'application/vnd.pgrst.array+json',
  'application/vnd.pgrst.array': 'application/vnd.pgrst.array+json',
  'text/csv': 'text/csv',
  '*/*': 'application/json',
  'application/*': 'application/json',
};

/** Accept → the first producible media type in the client's preference order (q, then position). */
export function negotiate(accept: string | undefined, planEnabled = false): Accepted {
  if (accept === undefined || accept.trim() === '') return { type: 'application/json', stripNulls: false };
  const entries = accept
    .split(',')
    .map((part, i) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim());
      let q = 1;
      let stripNulls = false;
      let planFor = 'application/json';
      let planOptions: string[] = [];
      for (const param of params) {
        const [k, v] = param.split('=').map((s) => s.trim());
        if (k === 'q' && v !== undefined) q = Number(v);
        if (k === 'nulls' && v === 'stripped') stripNulls = true;
        if (k === 'for' && v !== undefined) planFor = v.replace(/^"|"$/g, '');
        if (k === 'options' && v !== undefined)
          planOptions = v.split('|').filter((o) => PLAN_OPTIONS.includes(o));
      }
      return { type: type.toLowerCase(), q: Number.isFinite(q) ? q : 0, i, stripNulls, planFor, planOptions };
    })
    .filter((e) => e.type !== '' && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const e of entries) {
    if (e.type.startsWith('application/vnd.pgrst.plan')) {
      if (!planEnabled) continue;
      const format = e.type.endsWith('+json') ? 'json' : 'text';
      const target = TYPES[e.planFor];
      if (!target) continue;
      return { type: target, stripNulls: false, plan: { format, for: target, options: e.planOptions } };
    }
    const t = TYPES[e.type];
    if (t) return { type: t, stripNulls: e.stripNulls };
  }
  throw err.unacceptableMedia(accept.split(',').map((s) => s.trim()));
}

export type BodyType = 'json' | 'csv' | 'form' | 'text' | 'octet';

export function contentType(value: string | undefined): BodyType {
  const t = (value ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (t === '' || t === 'application/json' || t.endsWith('+json')) return 'json';
  if (t === 'text/csv') return 'csv';
  if (t === 'application/x-www-form-urlencoded') return 'form';
  if (t === 'text/plain') return 'text';
  if (t === 'application/octet-stream') return 'octet';
  throw err.unsupportedContentType(t);
}

/** `Range: 0-9` (items) → offset/limit. */
export function parseRangeHeader(value: string | undefined): { offset: number; limit?: number } | null {
  if (!value) return null;
  const m = /^\s*(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(value);
  if (!m) return null;
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from };
  const to = Number(m[2]);
  if (to < from) throw err.invalidRange();
  return { offset: from, limit: to - from + 1 };
}
