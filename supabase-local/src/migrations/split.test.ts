import { describe, expect, it } from 'vitest';
import { isTransactionControl, splitSql, stripLeadingComments } from './split.ts';
import { locate } from './run-file.ts';

const texts = (sql: string) => splitSql(sql).map((s) => s.text);

describe('splitSql (the Supabase CLI split, trimmed)', () => {
  it.each([
    ['plain statements', 'select 1; select 2;', ['select 1', 'select 2']],
    ['no final semicolon', 'select 1;\nselect 2', ['select 1', 'select 2']],
    ['semicolon in a string', "insert into t values ('a;b');", ["insert into t values ('a;b')"]],
    ['doubled quote', "select 'it''s; fine';", ["select 'it''s; fine'"]],
    ['quoted identifier', 'create table "a;b" (x int);', ['create table "a;b" (x int)']],
    ['line comment kept with the next statement', '-- head; note\nselect 1;', ['-- head; note\nselect 1']],
    ['block comment', '/* a; /* nested; */ b; */ select 1;', ['/* a; /* nested; */ b; */ select 1']],
    ['dollar quote', 'do $$ begin perform 1; end $$;', ['do $$ begin perform 1; end $$']],
    ['tagged dollar quote', 'select $fn$ ; $$ ; $fn$;', ['select $fn$ ; $$ ; $fn$']],
    ['parentheses', 'select (1; 2);', ['select (1; 2)']],
    [
      'begin atomic',
      'create function f() returns int language sql begin atomic select 1; select 2; end;',
      ['create function f() returns int language sql begin atomic select 1; select 2; end'],
    ],
    ['trailing comment is its own statement', 'select 1;\n-- bye\n', ['select 1', '-- bye']],
    ['empty statements dropped', ';;\n ; select 1;;', ['select 1']],
  ])('%s', (_name, sql, expected) => {
    expect(texts(sql)).toEqual(expected);
  });

  it('records where each statement starts', () => {
    const sql = 'select 1;\n\n  select 2;';
    const [a, b] = splitSql(sql);
    expect(a!.start).toBe(0);
    expect(sql.slice(b!.start)).toBe('select 2;');
  });
});

describe('isTransactionControl', () => {
  it.each([
    'begin',
    'BEGIN',
    'commit',
    'end',
    'start transaction',
    'begin transaction isolation level serializable',
    '-- x\ncommit',
  ])('%s is', (s) => expect(isTransactionControl(s)).toBe(true));
  it.each(['begin atomic select 1; end', 'select 1', 'end_date', 'commit_log'])('%s is not', (s) =>
    expect(isTransactionControl(s)).toBe(false),
  );
});

describe('locate', () => {
  const src = '-- header\ncreate table a (id int);\n\n-- why\ninsert into nope values (1);\n';
  const [, second] = splitSql(src);
  it('maps a Postgres position to a file line and column', () => {
    // position 13 of "-- why\ninsert into nope…" is the "n" of "nope"
    expect(locate(src, second!, '20')).toEqual({ line: 5, column: 13 });
  });
  it('without a position, points at the first line of SQL after comments', () => {
    expect(locate(src, second!)).toEqual({ line: 5, column: 1 });
    expect(stripLeadingComments('-- a\n/* b */ select 1')).toBe('select 1');
  });
});
