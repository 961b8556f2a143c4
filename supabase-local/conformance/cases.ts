import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import type { BrokenCase, Case, CaseRequest } from './types.ts';

/**
 * Header names and values are strings on the wire. YAML would read `Content-Length: 010` as the number 10,
 * so for these maps/lists the scalar's source text is kept for plain (unquoted) scalars.
 */
const STRING_PATHS: string[][] = [
  ['request', 'headers'],
  ['expect', 'headers'],
  ['expect', 'headers_match'],
  ['expect', 'headers_present'],
  ['expect', 'headers_absent'],
  ['expect', 'headers_absent_in_value'],
];

function scalarText(node: Node | null | undefined): unknown {
  if (isScalar(node)) {
    if (node.type === 'PLAIN' && typeof node.source === 'string') return node.source;
    return node.value === null || node.value === undefined ? '' : String(node.value);
  }
  if (isSeq(node)) return node.items.map((n) => scalarText(n as Node));
  if (isMap(node)) {
    const out: Record<string, unknown> = {};
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      out[key] = scalarText(pair.value as Node);
    }
    return out;
  }
  return node === null || node === undefined ? '' : String(node);
}

function withTextPaths(doc: Document, value: Record<string, unknown>): void {
  for (const path of STRING_PATHS) {
    const node = doc.getIn(path, true) as Node | undefined;
    if (node === undefined || node === null) continue;
    const parent = path.slice(0, -1).reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], value);
    if (parent && typeof parent === 'object') {
      (parent as Record<string, unknown>)[path[path.length - 1]!] = scalarText(node);
    }
  }
}

function idFromFile(file: string): number | null {
  const m = /^(\d+)/.exec(file);
  return m ? Number(m[1]) : null;
}

/** Parse one case file's text; throws with a readable message when it is not a case. */
export function parseCase(text: string, file: string): Case {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`YAML: ${doc.errors[0]!.message}`);
  const value = doc.toJS() as Record<string, unknown> | null;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not a YAML mapping');
  withTextPaths(doc, value);
  const id = typeof value.id === 'number' && Number.isInteger(value.id) ? value.id : idFromFile(file);
  if (id === null) throw new Error('missing integer `id`');
  const request = value.request;
  if (!request || typeof request !== 'object' || Array.isArray(request))
    throw new Error('missing `request` mapping');
  const expect = value.expect;
  if (!expect || typeof expect !== 'object' || Array.isArray(expect))
    throw new Error('missing `expect` mapping');
  const feature = typeof value.feature === 'string' && value.feature !== '' ? value.feature : 'unknown';
  const config = value.config;
  return {
    id,
    feature,
    area: feature.split('/')[0]!,
    ...(value.schema === undefined || value.schema === null ? {} : { schema: String(value.schema) }),
    request: request as CaseRequest,
    expect: expect as Record<string, unknown>,
    ...(config && typeof config === 'object' && !Array.isArray(config)
      ? { config: config as Record<string, unknown> }
      : {}),
    ...(typeof value.notes === 'string' ? { notes: value.notes } : {}),
    file,
  };
}

/** All `*.yaml` / `*.yml` files of a folder, ordered by numeric id (HARNESS §7: never a plain lexical sort). */
export function loadCases(folder: string): { cases: Case[]; broken: BrokenCase[] } {
  const files = readdirSync(folder).filter((f) => /\.ya?ml$/i.test(f));
  const cases: Case[] = [];
  const broken: BrokenCase[] = [];
  for (const file of files) {
    try {
      cases.push(parseCase(readFileSync(join(folder, file), 'utf8'), file));
    } catch (e) {
      broken.push({ file, id: idFromFile(file), error: e instanceof Error ? e.message : String(e) });
    }
  }
  cases.sort((a, b) => a.id - b.id || a.file.localeCompare(b.file));
  broken.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return { cases, broken };
}

/** `--filter`: an exact id, or a substring of the file name or feature. */
export function matchesFilter(
  c: { id: number | null; file: string; feature?: string },
  filter: string,
): boolean {
  if (/^\d+$/.test(filter)) return c.id === Number(filter);
  return c.file.includes(filter) || (c.feature ?? '').includes(filter);
}
