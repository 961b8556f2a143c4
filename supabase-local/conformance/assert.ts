import { isDefinite, JsonPathError, queryJsonPath } from './jsonpath.ts';
import type { HttpResult } from './types.ts';

/** HTTP assertion keys (HARNESS §4). */
export const HTTP_KEYS = new Set([
  'status',
  'status_text',
  'headers',
  'headers_present',
  'headers_absent',
  'headers_match',
  'headers_absent_in_value',
  'headers_no_blank',
  'body_exact',
  'body_json',
  'body_contains',
  'body_raw',
  'body_jsonpath',
]);

/** Assertion keys of `kind: cli` cases; meaningless for an HTTP request. */
export const CLI_KEYS = new Set(['exit_code', 'dump_contains', 'stderr_contains', 'dump_reparse_stable']);

const LIMIT = 300;

export function clip(s: string, n = LIMIT): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

export function show(v: unknown): string {
  return v === undefined ? '(absent)' : JSON.stringify(v);
}

/** JSON deep equality: key order irrelevant, arrays ordered. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao);
  const bk = Object.keys(bo);
  return ak.length === bk.length && ak.every((k) => Object.hasOwn(bo, k) && deepEqual(ao[k], bo[k]));
}

/** The body as JSON when it parses; otherwise its text (so a text/plain body can still equal a string). */
export function decodeBody(body: Buffer): { ok: boolean; value: unknown } {
  const text = body.toString('utf8');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: text };
  }
}

function asList(v: unknown): string[] {
  if (v === null || v === undefined) return [];
  return Array.isArray(v) ? v.map((x) => String(x)) : [String(v)];
}

function header(res: HttpResult, name: string): string | undefined {
  return res.headers[name.toLowerCase()];
}

/**
 * Elixir/PCRE regexes → JS: a leading `(?i)`-style flag group becomes a RegExp flag; the anchors `\A`,
 * `\z` and `\Z` become `^` and `$` (JS would read them as the letters).
 */
export function toRegExp(pattern: string): RegExp {
  const m = /^\(\?([ims]+)\)/.exec(pattern);
  const body = (m ? pattern.slice(m[0].length) : pattern).replace(
    /(?<!\\)((?:\\\\)*)\\([AzZ])/g,
    (_, pre: string, a: string) => `${pre}${a === 'A' ? '^' : '$'}`,
  );
  return new RegExp(body, m ? [...new Set(m[1]!)].join('') : '');
}

function checkBodyExact(expected: unknown, res: HttpResult, key: string): string[] {
  const text = res.body.toString('utf8');
  if (expected === null || expected === undefined || expected === '') {
    return res.body.length === 0 ? [] : [`${key}: expected an empty body, got ${clip(JSON.stringify(text))}`];
  }
  if (res.body.length === 0) return [`${key}: expected ${clip(show(expected))}, got an empty body`];
  const decoded = decodeBody(res.body);
  if (deepEqual(decoded.value, expected)) return [];
  return [`${key}: expected ${clip(JSON.stringify(expected))}, got ${clip(text)}`];
}

function checkJsonPath(entries: unknown, res: HttpResult): string[] {
  if (!Array.isArray(entries)) return ['body_jsonpath: expected a list of {path, …} entries'];
  const decoded = decodeBody(res.body);
  if (!decoded.ok) return [`body_jsonpath: body is not JSON: ${clip(res.body.toString('utf8'))}`];
  const errors: string[] = [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object' || typeof (entry as { path?: unknown }).path !== 'string') {
      errors.push(`body_jsonpath: entry without a path: ${show(entry)}`);
      continue;
    }
    const { path, ...preds } = entry as Record<string, unknown> & { path: string };
    const predKeys = Object.keys(preds);
    if (predKeys.length !== 1) {
      errors.push(
        `body_jsonpath ${path}: expected exactly one predicate, got ${predKeys.join(', ') || 'none'}`,
      );
      continue;
    }
    let found: unknown[];
    let definite: boolean;
    try {
      found = queryJsonPath(decoded.value, path);
      definite = isDefinite(path);
    } catch (e) {
      errors.push(`body_jsonpath ${path}: ${e instanceof JsonPathError ? e.message : String(e)}`);
      continue;
    }
    const pred = predKeys[0]!;
    const want = preds[pred];
    if (pred === 'equals') {
      if (found.length === 0) errors.push(`body_jsonpath ${path}: expected ${show(want)}, nothing there`);
      else {
        const got = definite || (found.length === 1 && !Array.isArray(want)) ? found[0] : found;
        if (!deepEqual(got, want))
          errors.push(`body_jsonpath ${path}: expected ${clip(show(want))}, got ${clip(show(got))}`);
      }
    } else if (pred === 'present' || pred === 'exists') {
      const wantPresent = want !== false;
      if (wantPresent !== found.length > 0) {
        errors.push(
          `body_jsonpath ${path}: expected ${wantPresent ? 'a value' : 'nothing'}, got ${clip(show(found))}`,
        );
      }
    } else if (pred === 'absent') {
      const wantAbsent = want !== false;
      if (wantAbsent !== (found.length === 0)) {
        errors.push(
          `body_jsonpath ${path}: expected ${wantAbsent ? 'nothing' : 'a value'}, got ${clip(show(found))}`,
        );
      }
    } else {
      errors.push(`body_jsonpath ${path}: unknown predicate '${pred}'`);
    }
  }
  return errors;
}

/**
 * Check every key under `expect` (HARNESS §4) against a response. Returns what differed; empty = pass.
 * Unknown keys are failures, never skipped.
 */
export function checkExpect(expect: Record<string, unknown>, res: HttpResult): string[] {
  const errors: string[] = [];
  // status first: it is the most telling line of a failure
  const keys = Object.keys(expect).sort((a, b) => Number(b === 'status') - Number(a === 'status'));
  for (const key of keys) {
    const want = expect[key];
    switch (key) {
      case 'status':
        if (res.status !== Number(want)) errors.push(`status: expected ${show(want)}, got ${res.status}`);
        break;
      case 'status_text':
        if (res.statusText !== String(want)) {
          errors.push(`status_text: expected ${show(String(want))}, got ${show(res.statusText)}`);
        }
        break;
      case 'headers':
        for (const [name, value] of Object.entries((want ?? {}) as Record<string, unknown>)) {
          const got = header(res, name);
          if (got !== String(value))
            errors.push(`header ${name}: expected ${show(String(value))}, got ${show(got)}`);
        }
        break;
      case 'headers_present':
        for (const name of asList(want)) {
          if (header(res, name) === undefined) errors.push(`header ${name}: expected present, absent`);
        }
        break;
      case 'headers_absent':
        for (const name of asList(want)) {
          const got = header(res, name);
          if (got !== undefined) errors.push(`header ${name}: expected absent, got ${show(got)}`);
        }
        break;
      case 'headers_match':
        for (const [name, pattern] of Object.entries((want ?? {}) as Record<string, unknown>)) {
          const got = header(res, name);
          let re: RegExp;
          try {
            re = toRegExp(String(pattern));
          } catch (e) {
            errors.push(`headers_match ${name}: invalid regex ${show(pattern)}: ${(e as Error).message}`);
            continue;
          }
          if (got === undefined || !re.test(got)) {
            errors.push(`header ${name}: expected to match /${String(pattern)}/, got ${show(got)}`);
          }
        }
        break;
      case 'headers_absent_in_value':
        for (const [name, subs] of Object.entries((want ?? {}) as Record<string, unknown>)) {
          const got = header(res, name) ?? '';
          for (const s of asList(subs)) {
            if (got.includes(s)) errors.push(`header ${name}: must not contain ${show(s)}, got ${show(got)}`);
          }
        }
        break;
      case 'headers_no_blank':
        if (want === true) {
          const blank = res.rawHeaders.filter(([n, v]) => n.trim() === '' || v.trim() === '').map(([n]) => n);
          if (blank.length > 0) errors.push(`headers_no_blank: blank header(s) ${blank.join(', ')}`);
        }
        break;
      case 'body_exact':
      case 'body_json':
        errors.push(...checkBodyExact(want, res, key));
        break;
      case 'body_raw': {
        const text = res.body.toString('utf8');
        if (text !== String(want ?? ''))
          errors.push(`body_raw: expected ${clip(show(want))}, got ${clip(show(text))}`);
        break;
      }
      case 'body_contains': {
        const text = res.body.toString('utf8');
        for (const s of asList(want)) {
          if (!text.includes(s)) errors.push(`body_contains: ${clip(show(s))} not in ${clip(text)}`);
        }
        break;
      }
      case 'body_jsonpath':
        errors.push(...checkJsonPath(want, res));
        break;
      default:
        errors.push(
          CLI_KEYS.has(key)
            ? `unsupported: CLI assertion '${key}' on an HTTP request`
            : `unknown assertion key '${key}'`,
        );
    }
  }
  return errors;
}
