/**
 * A small imitation of Haskell's Parsec 3, the library PostgREST's query-string grammar is written
 * with (src/PostgREST/ApiRequest/QueryParams.hs), so that a grammar written here the same way fails
 * where PostgREST fails and says what PostgREST says: the error's position (the longest match), and
 * its "unexpected …" and "expecting …" list, as Text.Parsec.Error's showErrorMessages words them.
 *
 * Semantics kept from Parsec (Text.Parsec.Prim): a parser that fails after consuming input commits
 * (no alternative is tried) unless wrapped in `attempt` (Parsec's try); errors of alternatives at the
 * same position are merged, the later position wins (mergeError); `label` (<?>) replaces what an
 * unconsumed failure expected; `char`/`satisfy` report `unexpected "c"`, `eof`/`notFollowedBy`
 * report `unexpected 'c'` (Haskell's show of a String and of a Char).
 */

/** Parsec's Message kinds, in the order showErrorMessages sorts them. */
const SYS_UNEXPECT = 0;
const UNEXPECT = 1;
const EXPECT = 2;
type Kind = typeof SYS_UNEXPECT | typeof UNEXPECT | typeof EXPECT;

interface Message {
  kind: Kind;
  text: string;
}

export interface ParseError {
  /** offset in code points (Parsec counts characters) */
  pos: number;
  messages: Message[];
}

type Reply<T> =
  | { ok: true; value: T; pos: number; consumed: boolean; error: ParseError }
  | { ok: false; consumed: boolean; error: ParseError };

/** A parser over the input's code points. */
export type Parser<T> = (input: readonly string[], pos: number) => Reply<T>;

const unknownError = (pos: number): ParseError => ({ pos, messages: [] });

/** Text.Parsec.Error.mergeError: the meaningful error, else the longest match, else both. */
function merge(e1: ParseError, e2: ParseError): ParseError {
  if (e2.messages.length === 0 && e1.messages.length > 0) return e1;
  if (e1.messages.length === 0 && e2.messages.length > 0) return e2;
  if (e1.pos === e2.pos) return { pos: e1.pos, messages: [...e1.messages, ...e2.messages] };
  return e1.pos > e2.pos ? e1 : e2;
}

/** setErrorMessage (Expect msg): every other Expect is dropped. */
function setExpect(e: ParseError, text: string): ParseError {
  return { pos: e.pos, messages: [{ kind: EXPECT, text }, ...e.messages.filter((m) => m.kind !== EXPECT)] };
}

const NAMES = [
  'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'a', 'b', 't', 'n', 'v', 'f', 'r', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US',
]; // prettier-ignore

/** One character as Haskell's show writes it inside quotes (`quote` is the one escaped). */
function showInner(c: string, quote: string): string {
  const code = c.codePointAt(0)!;
  if (c === '\\') return '\\\\';
  if (c === quote) return `\\${quote}`;
  if (code < 32) return `\\${NAMES[code]}`;
  if (code === 127) return '\\DEL';
  if (code > 127) return `\\${code}`;
  return c;
}

/** Haskell's `show [c]`: `"c"`. */
export const showString = (s: string): string =>
  `"${Array.from(s)
    .map((c) => showInner(c, '"'))
    .join('')}"`;
/** Haskell's `show c` for a Char: `'c'`. */
export const showChar = (c: string): string => `'${showInner(c, "'")}'`;

// ---------------------------------------------------------------- primitives

export function satisfy(test: (c: string) => boolean): Parser<string> {
  return (s, pos) => {
    const c = s[pos];
    if (c !== undefined && test(c)) {
      return { ok: true, value: c, pos: pos + 1, consumed: true, error: unknownError(pos + 1) };
    }
    const text = c === undefined ? '' : showString(c);
    return { ok: false, consumed: false, error: { pos, messages: [{ kind: SYS_UNEXPECT, text }] } };
  };
}

/** Parsec's `string`: the error is at its start, naming the first character that differs. */
export function string(t: string): Parser<string> {
  const want = Array.from(t);
  return (s, pos) => {
    for (let i = 0; i < want.length; i++) {
      const c = s[pos + i];
      if (c !== want[i]) {
        const messages: Message[] = [
          { kind: EXPECT, text: showString(t) },
          { kind: SYS_UNEXPECT, text: c === undefined ? '' : showString(c) },
        ];
        return { ok: false, consumed: i > 0, error: { pos, messages } };
      }
    }
    return {
      ok: true,
      value: t,
      pos: pos + want.length,
      consumed: want.length > 0,
      error: unknownError(pos),
    };
  };
}

export const pure =
  <T>(value: T): Parser<T> =>
  (_s, pos) => ({ ok: true, value, pos, consumed: false, error: unknownError(pos) });

/** `p >>= f` */
export function bind<A, B>(p: Parser<A>, f: (a: A) => Parser<B>): Parser<B> {
  return (s, pos) => {
    const r1 = p(s, pos);
    if (!r1.ok) return r1;
    const r2 = f(r1.value)(s, r1.pos);
    if (r2.consumed) return r2;
    const error = r1.error.messages.length === 0 ? r2.error : merge(r1.error, r2.error);
    return { ...r2, consumed: r1.consumed, error };
  };
}

export const map = <A, B>(p: Parser<A>, f: (a: A) => B): Parser<B> => bind(p, (a) => pure(f(a)));
/** `p <* q` */
export const left = <A, B>(p: Parser<A>, q: Parser<B>): Parser<A> => bind(p, (a) => map(q, () => a));
/** `p *> q` */
export const right = <A, B>(p: Parser<A>, q: Parser<B>): Parser<B> => bind(p, () => q);

/** `p <|> q <|> …`: the next is tried only when the previous failed without consuming. */
export function alt<T>(...ps: Parser<T>[]): Parser<T> {
  return (s, pos) => {
    let error: ParseError | null = null;
    let last: Reply<T> | null = null;
    for (const p of ps) {
      const r = p(s, pos);
      if (r.consumed) return r;
      const merged: ParseError = error === null ? r.error : merge(error, r.error);
      if (r.ok) return { ...r, error: merged };
      error = merged;
      last = { ...r, error: merged };
    }
    return last!;
  };
}

/** Parsec's `try`: a failure after consuming becomes one that consumed nothing. */
export function attempt<T>(p: Parser<T>): Parser<T> {
  return (s, pos) => {
    const r = p(s, pos);
    return !r.ok && r.consumed ? { ...r, consumed: false } : r;
  };
}

/** `p <?> name` */
export function label<T>(p: Parser<T>, name: string): Parser<T> {
  return (s, pos) => {
    const r = p(s, pos);
    if (r.consumed) return r;
    if (r.ok && r.error.messages.length === 0) return r;
    return { ...r, error: setExpect(r.error, name) };
  };
}

export function many<T>(p: Parser<T>): Parser<T[]> {
  return (s, pos) => {
    const out: T[] = [];
    let at = pos;
    let consumed = false;
    for (;;) {
      const r = p(s, at);
      if (!r.ok) {
        if (r.consumed) return r;
        return { ok: true, value: out, pos: at, consumed, error: r.error };
      }
      if (!r.consumed) throw new Error('many: a parser that accepts an empty string');
      out.push(r.value);
      at = r.pos;
      consumed = true;
    }
  };
}

export const many1 = <T>(p: Parser<T>): Parser<T[]> => bind(p, (x) => map(many(p), (xs) => [x, ...xs]));
export const option = <T>(value: T, p: Parser<T>): Parser<T> => alt(p, pure(value));
export const optionMaybe = <T>(p: Parser<T>): Parser<T | null> => option<T | null>(null, p);
export const sepBy1 = <T, S>(p: Parser<T>, sep: Parser<S>): Parser<T[]> =>
  bind(p, (x) => map(many(right(sep, p)), (xs) => [x, ...xs]));
export const between = <O, C, T>(open: Parser<O>, close: Parser<C>, p: Parser<T>): Parser<T> =>
  left(right(open, p), close);

/** Succeeds with what p gives, consuming nothing. */
export function lookAhead<T>(p: Parser<T>): Parser<T> {
  return (s, pos) => {
    const r = p(s, pos);
    return r.ok ? { ok: true, value: r.value, pos, consumed: false, error: unknownError(pos) } : r;
  };
}

/** Parsec's notFollowedBy for a parser of one character: `unexpected 'c'` where p succeeds. */
export function notFollowedBy(p: Parser<string>): Parser<null> {
  return (s, pos) => {
    const r = p(s, pos);
    if (r.ok)
      return {
        ok: false,
        consumed: false,
        error: { pos, messages: [{ kind: UNEXPECT, text: showChar(r.value) }] },
      };
    return { ok: true, value: null, pos, consumed: false, error: r.error };
  };
}

export const char = (c: string): Parser<string> =>
  label(
    satisfy((x) => x === c),
    showString(c),
  );
export const oneOf = (cs: string): Parser<string> => satisfy((x) => cs.includes(x));
export const noneOf = (cs: string): Parser<string> => satisfy((x) => !cs.includes(x));
export const anyChar = satisfy(() => true);
/** Haskell's isAlpha (Unicode letters) and isDigit (ASCII only) */
export const letter = label(
  satisfy((c) => /^\p{L}$/u.test(c)),
  'letter',
);
export const digit = label(
  satisfy((c) => c >= '0' && c <= '9'),
  'digit',
);
export const eof: Parser<null> = label(notFollowedBy(anyChar), 'end of input');

/** Text.Parsec.Error.showErrorMessages "or" "unknown parse error" "expecting" "unexpected" "end of input", on one line. */
export function showErrorMessages(e: ParseError): string {
  const sorted = [...e.messages].sort((a, b) => a.kind - b.kind);
  if (sorted.length === 0) return 'unknown parse error';
  const clean = (xs: string[]) => xs.filter((x, i) => x !== '' && xs.indexOf(x) === i);
  const commasOr = (ms: string[]) =>
    ms.length <= 1 ? (ms[0] ?? '') : `${ms.slice(0, -1).join(', ')} or ${ms[ms.length - 1]}`;
  const showMany = (pre: string, kind: Kind) => {
    const ms = clean(sorted.filter((m) => m.kind === kind).map((m) => m.text));
    return ms.length === 0 ? '' : `${pre} ${commasOr(ms)}`;
  };
  const sys = sorted.filter((m) => m.kind === SYS_UNEXPECT);
  const unexpected = showMany('unexpected', UNEXPECT);
  const sysText =
    unexpected !== '' || sys.length === 0
      ? ''
      : `unexpected ${sys[0]!.text === '' ? 'end of input' : sys[0]!.text}`;
  return clean([sysText, unexpected, showMany('expecting', EXPECT)]).join(' ');
}

/** Runs p on the whole of `input` (no implicit end: as Parsec's `parse`). */
export function runParser<T>(
  p: Parser<T>,
  input: string,
): { ok: true; value: T } | { ok: false; error: ParseError } {
  const r = p(Array.from(input), 0);
  return r.ok ? { ok: true, value: r.value } : { ok: false, error: r.error };
}
