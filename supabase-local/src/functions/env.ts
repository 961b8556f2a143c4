/**
 * What a function finds in `Deno.env`, as on hosted Supabase: the project's secrets plus
 * SUPABASE_URL, SUPABASE_PUBLISHABLE_KEYS and SUPABASE_SECRET_KEYS (JSON dictionaries,
 * `{"default":"sb_…"}`, as hosted and the CLI's edge runtime give them), SUPABASE_JWKS (the public
 * keys /auth/v1/.well-known/jwks.json serves), the legacy SUPABASE_ANON_KEY and
 * SUPABASE_SERVICE_ROLE_KEY (and SUPABASE_DB_URL when there is a PostgreSQL URL). Secrets come from the environment supabase-local runs in and from
 * `supabase/functions/.env` (git-ignored; the file wins over the environment, the SUPABASE_* values
 * above win over both, as hosted Supabase refuses secrets named SUPABASE_*).
 */
import { readFileSync } from 'node:fs';

/** `KEY=value` lines: `export` prefixes, quotes ('…' literal, "…" with \n escapes), # comments. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(lines[i]!);
    if (!m) continue;
    let value = m[2]!;
    const quote = value[0];
    if (quote === '"' || quote === "'") {
      // a quoted value may span lines until its closing quote
      let body = value.slice(1);
      while (!closes(body, quote) && i + 1 < lines.length) body += `\n${lines[++i]}`;
      const end = closingIndex(body, quote);
      value = end < 0 ? body : body.slice(0, end);
      if (quote === '"')
        value = value.replace(/\\([nrt"\\])/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out[m[1]!] = value;
  }
  return out;
}

function closingIndex(s: string, quote: string): number {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && quote === '"') i++;
    else if (s[i] === quote) return i;
  }
  return -1;
}

const closes = (s: string, quote: string) => closingIndex(s, quote) >= 0;

/** The .env file's values; {} when it does not exist. */
export function readDotenv(path: string): Record<string, string> {
  try {
    return parseDotenv(readFileSync(path, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
}

export interface FunctionEnvInput {
  /** the environment supabase-local runs in */
  processEnv: NodeJS.ProcessEnv;
  /** supabase/functions/.env */
  dotenv: Record<string, string>;
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /** the public JWKS as JSON text */
  jwks: string;
  dbUrl?: string;
}

export function functionEnv(i: FunctionEnvInput): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(i.processEnv)) if (v !== undefined) env[k] = v;
  Object.assign(env, i.dotenv);
  env.SUPABASE_URL = i.apiUrl;
  env.SUPABASE_ANON_KEY = i.anonKey;
  env.SUPABASE_SERVICE_ROLE_KEY = i.serviceRoleKey;
  env.SUPABASE_PUBLISHABLE_KEYS = JSON.stringify({ default: i.publishableKey });
  env.SUPABASE_SECRET_KEYS = JSON.stringify({ default: i.secretKey });
  env.SUPABASE_JWKS = i.jwks;
  if (i.dbUrl) env.SUPABASE_DB_URL = i.dbUrl;
  else delete env.SUPABASE_DB_URL;
  return env;
}
