/**
 * Splits a migration into statements the way the Supabase CLI does (its pkg/parser: a small state
 * machine over quotes, comments, dollar quotes, parentheses and BEGIN ATOMIC … END), so that
 * `supabase_migrations.schema_migrations.statements` holds exactly what `supabase db push` would
 * record, and a file that the CLI would split wrongly fails here too rather than only in production.
 *
 * Each statement keeps its leading comments; trailing `;` and surrounding whitespace are trimmed
 * (the CLI's SplitAndTrim). `start` is where the trimmed text begins in the source, for error lines.
 */
export interface SqlStatement {
  text: string;
  start: number;
}

type State =
  | { k: 'ready' }
  | { k: 'comment' } // saw '-'
  | { k: 'block'; depth: number } // saw '/'
  | { k: 'quote'; delim: string; escape: boolean }
  | { k: 'dollar'; delim: string } // inside $tag$…$tag$, or a -- comment (delim '\n')
  | { k: 'tag'; offset: number } // saw '$', reading a tag name
  | { k: 'escape' } // saw a backslash outside quotes
  | { k: 'atomic'; prev: State; delim: string }; // inside ( … ) or BEGIN ATOMIC … END

const READY: State = { k: 'ready' };
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
const isTagChar = (c: string) => /[\p{L}\p{N}_]/u.test(c);

/** Returns the next state, or null to end the statement at this character. */
function next(s: State, c: string, src: string, end: number): State | null {
  switch (s.k) {
    case 'ready':
      switch (c) {
        case '$':
          return { k: 'tag', offset: end - 1 };
        case "'":
        case '"':
          return { k: 'quote', delim: c, escape: false };
        case '-':
          return { k: 'comment' };
        case '/':
          return { k: 'block', depth: 0 };
        case '\\':
          return { k: 'escape' };
        case ';':
          return null;
        case '(':
          return { k: 'atomic', prev: READY, delim: ')' };
        case 'c':
        case 'C': {
          const from = end - 'ATOMIC'.length;
          if (from > 0 && src.slice(from, end).toUpperCase() === 'ATOMIC' && isSpace(src[from - 1])) {
            return { k: 'atomic', prev: READY, delim: 'END' };
          }
          return s;
        }
        default:
          return s;
      }
    case 'comment':
      return c === '-' ? { k: 'dollar', delim: '\n' } : next(READY, c, src, end);
    case 'block': {
      const window = src.slice(end - 2, end);
      if (window === '/*') return { k: 'block', depth: s.depth + 1 };
      if (s.depth === 0) return next(READY, c, src, end);
      if (window === '*/') return s.depth === 1 ? READY : { k: 'block', depth: s.depth - 1 };
      return s;
    }
    case 'quote':
      if (s.escape) {
        if (c === s.delim) return { ...s, escape: false }; // doubled quote stays inside
        return next(READY, c, src, end);
      }
      return c === s.delim ? { ...s, escape: true } : s;
    case 'dollar':
      return src.slice(end - s.delim.length, end) === s.delim ? READY : s;
    case 'tag':
      if (c === '$') return { k: 'dollar', delim: src.slice(s.offset, end) };
      return isTagChar(c) ? s : next(READY, c, src, end);
    case 'escape':
      return READY;
    case 'atomic': {
      const inner = next(s.prev, c, src, end);
      const prev = inner ?? s.prev; // a ';' inside does not end the statement
      if (
        prev.k === 'ready' &&
        src.slice(end - s.delim.length, end).toUpperCase() === s.delim.toUpperCase()
      ) {
        return READY;
      }
      return { ...s, prev };
    }
  }
}

export function splitSql(source: string): SqlStatement[] {
  const out: SqlStatement[] = [];
  let state: State = READY;
  let tokenStart = 0;
  const emit = (end: number) => {
    let text = source.slice(tokenStart, end).replace(/;+$/, '');
    const lead = text.length - text.trimStart().length;
    text = text.trim();
    if (text) out.push({ text, start: tokenStart + lead });
    tokenStart = end;
  };
  for (let i = 0; i < source.length;) {
    const c = String.fromCodePoint(source.codePointAt(i)!);
    const end = i + c.length;
    const s = next(state, c, source, end);
    if (s === null) {
      emit(end);
      state = READY;
    } else {
      state = s;
    }
    i = end;
  }
  emit(source.length);
  return out;
}

/**
 * Transaction control inside a migration file. Each file already runs in one transaction of ours;
 * a COMMIT in the middle would end it and leave a half-applied file behind, so these are skipped
 * (and still recorded, as the CLI records every statement).
 */
export function isTransactionControl(statement: string): boolean {
  const sql = stripLeadingComments(statement).toLowerCase().replace(/\s+/g, ' ').trim();
  return /^(begin|start transaction|commit|end)( (work|transaction))?( isolation level [a-z ]+)?$/.test(sql);
}

/** The statement without the comments in front of it (where its SQL starts). */
export function stripLeadingComments(statement: string): string {
  let s = statement;
  for (;;) {
    const t = s.trimStart();
    if (t.startsWith('--')) {
      const nl = t.indexOf('\n');
      s = nl < 0 ? '' : t.slice(nl + 1);
    } else if (t.startsWith('/*')) {
      const close = t.indexOf('*/');
      s = close < 0 ? '' : t.slice(close + 2);
    } else {
      return t;
    }
  }
}
