import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** README: stand-in for 04_postgis.sql (PostGIS is not available here); 06 creates views over it. */
export const SHOPS_STAND_IN =
  'CREATE TABLE IF NOT EXISTS test.shops (id integer PRIMARY KEY, address text, shop_geom text);';

export interface FixtureStep {
  name: string;
  sql: string;
}

/**
 * The chain after 01 (which runs on the maintenance database): every `NN_*.sql` file with NN ≥ 02 in order,
 * with `04_*` (PostGIS) replaced by the `test.shops` stand-in, inserted where 04 would go when absent.
 */
export function fixtureChain(fixturesDir: string): { roles: FixtureStep | null; steps: FixtureStep[] } {
  const files = readdirSync(fixturesDir)
    .filter((f) => /^\d\d_.*\.sql$/.test(f))
    .sort();
  const read = (f: string): FixtureStep => ({
    name: f,
    sql: toPlainSql(readFileSync(join(fixturesDir, f), 'utf8')),
  });
  const roles = files.find((f) => f.startsWith('01_'));
  const steps: FixtureStep[] = [];
  let standInDone = false;
  for (const f of files) {
    const n = Number(f.slice(0, 2));
    if (n < 2) continue;
    if (n >= 4 && !standInDone) {
      steps.push({ name: 'test.shops stand-in (for 04_postgis.sql)', sql: SHOPS_STAND_IN });
      standInDone = true;
    }
    if (n === 4) continue;
    steps.push(read(f));
  }
  if (!standInDone) steps.push({ name: 'test.shops stand-in (for 04_postgis.sql)', sql: SHOPS_STAND_IN });
  return { roles: roles ? read(roles) : null, steps };
}

/** Decode one field of COPY's text format (`\N` is handled by the caller). */
export function decodeCopyField(field: string): string {
  if (!field.includes('\\')) return field;
  let out = '';
  for (let i = 0; i < field.length; i++) {
    const ch = field[i]!;
    if (ch !== '\\' || i === field.length - 1) {
      out += ch;
      continue;
    }
    const next = field[++i]!;
    switch (next) {
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'v':
        out += '\v';
        break;
      case 'x': {
        const m = /^[0-9a-fA-F]{1,2}/.exec(field.slice(i + 1));
        if (m) {
          out += String.fromCharCode(parseInt(m[0], 16));
          i += m[0].length;
        } else out += 'x';
        break;
      }
      default:
        if (next >= '0' && next <= '7') {
          const m = /^[0-7]{1,3}/.exec(field.slice(i))!;
          out += String.fromCharCode(parseInt(m[0], 8));
          i += m[0].length - 1;
        } else out += next;
    }
  }
  return out;
}

function sqlLiteral(s: string): string {
  if (s.includes('\0')) throw new Error('NUL byte in COPY data');
  return `'${s.replace(/'/g, "''")}'`;
}

const COPY_RE = /^COPY\s+(.+?)\s+FROM\s+stdin\s*;\s*$/i;

/**
 * psql-isms → plain SQL that any client (node-postgres, PGlite) can run as one script:
 * `COPY … FROM stdin;` blocks (text format, terminated by `\.`) become INSERT statements.
 * Any other backslash meta-command is an error, so nothing is silently skipped.
 */
export function toPlainSql(script: string): string {
  const lines = script.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const copy = COPY_RE.exec(line.trimEnd());
    if (!copy) {
      if (/^\s*\\[a-zA-Z!?]/.test(line) && !isInsideDollarQuoteHeuristic(out)) {
        throw new Error(`psql meta-command not supported at line ${i + 1}: ${line.trim()}`);
      }
      out.push(line);
      continue;
    }
    const target = copy[1]!;
    if (/\b(with|csv|binary|delimiter)\b/i.test(target.replace(/"[^"]*"/g, ''))) {
      throw new Error(`only text-format COPY FROM stdin is supported (line ${i + 1})`);
    }
    const rows: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const data = lines[j]!.replace(/\r$/, '');
      if (data === '\\.') break;
      const fields = data.split('\t').map((f) => (f === '\\N' ? 'NULL' : sqlLiteral(decodeCopyField(f))));
      rows.push(`(${fields.join(', ')})`);
    }
    if (j >= lines.length) throw new Error(`COPY at line ${i + 1} has no terminating \\.`);
    // keep line numbers stable-ish for error messages: one output line per input line
    out.push(rows.length > 0 ? `INSERT INTO ${target} VALUES ${rows.join(', ')};` : `-- (empty) ${line}`);
    for (let k = i + 1; k <= j; k++) out.push('');
    i = j;
  }
  return out.join('\n');
}

/** A `\x` line inside a function body is ordinary text; we only look for meta-commands at statement level. */
function isInsideDollarQuoteHeuristic(previous: string[]): boolean {
  const text = previous.join('\n');
  const tags = text.match(/\$[A-Za-z_]*\$/g) ?? [];
  return tags.length % 2 === 1;
}

/** Map a Postgres error position (1-based character offset into the script) to a line number. */
export function lineOf(sql: string, position: number | string | undefined): number | null {
  const pos = Number(position);
  if (!Number.isFinite(pos) || pos <= 0) return null;
  return sql.slice(0, pos - 1).split('\n').length;
}
