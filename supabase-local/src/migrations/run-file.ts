/**
 * Runs one SQL file (a migration or a seed) statement by statement inside a transaction the caller
 * owns, and turns a Postgres error into a SqlFileError naming the file, the line and the message.
 *
 * Statement by statement, as the Supabase CLI sends them, because it tells us which statement failed
 * even when Postgres gives no `position` (constraint violations, errors raised at run time).
 */
import type { Queryable } from '../db/types.ts';
import { isTransactionControl, splitSql, stripLeadingComments, type SqlStatement } from './split.ts';

interface PgError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
  position?: string | number;
  where?: string;
}

export class SqlFileError extends Error {
  constructor(
    /** the file as the user knows it, e.g. supabase/migrations/20240101000000_init.sql */
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly pg: { code?: string; message: string; detail?: string; hint?: string; where?: string },
    readonly statement: string,
  ) {
    const extra = [
      pg.detail && `DETAIL: ${pg.detail}`,
      pg.hint && `HINT: ${pg.hint}`,
      pg.where && `CONTEXT: ${pg.where}`,
    ].filter(Boolean);
    super(
      `${file}:${line}:${column}: ERROR${pg.code ? ` ${pg.code}` : ''}: ${pg.message}` +
        (extra.length ? `\n  ${extra.join('\n  ')}` : ''),
    );
    this.name = 'SqlFileError';
  }
}

/** Runs every statement of `source`; returns the statements (as the CLI records them). */
export async function runSqlFile(tx: Queryable, source: string, file: string): Promise<string[]> {
  const statements = splitSql(source);
  for (const stmt of statements) {
    if (isTransactionControl(stmt.text)) continue;
    try {
      await tx.query(stmt.text);
    } catch (e) {
      const err = e as PgError;
      if (typeof err?.message !== 'string') throw e;
      const { line, column } = locate(source, stmt, err.position);
      throw new SqlFileError(file, line, column, err, stmt.text);
    }
  }
  return statements.map((s) => s.text);
}

/**
 * Line and column (1-based) in the file. Postgres' `position` counts characters from the start of
 * the statement it was sent; without one, point at the statement's first line of SQL (after its
 * leading comments).
 */
export function locate(
  source: string,
  stmt: SqlStatement,
  position?: string | number,
): { line: number; column: number } {
  let offset: number;
  const pos = Number(position);
  if (Number.isInteger(pos) && pos > 0) {
    offset = stmt.start + [...stmt.text].slice(0, pos - 1).join('').length;
  } else {
    offset = stmt.start + (stmt.text.length - stripLeadingComments(stmt.text).length);
  }
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column };
}
