/**
 * config.toml's `[db.vault]` entries, written into Vault at start as `supabase start` does
 * (`name = "value"` or `name = "env(VARIABLE)"`): each becomes the secret of that name, created or
 * updated, so that a scheduled job can read it from `vault.decrypted_secrets`. On supabase-local the
 * `env(…)` lookups may also name the keys this server issues (SUPABASE_URL, SUPABASE_ANON_KEY,
 * SUPABASE_SERVICE_ROLE_KEY, SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY — the names the Edge
 * Functions get), which are the well-known local keys; an environment variable of the same name wins.
 * An entry whose value is empty (an unset variable) is left out, and said so.
 */
import type { Db } from './db/types.ts';

export type VaultEntries = Record<string, string>;

/** The `[db.vault]` table of a config.toml already read (`raw`), as name → value. */
export function vaultEntries(raw: Record<string, unknown>): VaultEntries {
  const db = raw.db;
  const vault = db && typeof db === 'object' ? (db as Record<string, unknown>).vault : undefined;
  if (!vault || typeof vault !== 'object') return {};
  return Object.fromEntries(
    Object.entries(vault as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

/** Creates or updates each secret; returns the names written. Nothing when the database has no vault. */
export async function applyVaultSecrets(
  db: Db,
  entries: VaultEntries,
  log: (line: string) => void = (line) => console.log(line),
): Promise<string[]> {
  const names = Object.keys(entries);
  if (!names.length) return [];
  const { rows } = await db.query<{ has: boolean }>(`select to_regclass('vault.secrets') is not null as has`);
  if (!rows[0]?.has) {
    log(`[vault] config.toml [db.vault] lists ${names.join(', ')}, but this database has no vault schema`);
    return [];
  }
  const written: string[] = [];
  for (const [name, value] of Object.entries(entries)) {
    if (!value) {
      log(`[vault] ${name}: empty (an unset env(...) variable?), not written`);
      continue;
    }
    const { rows: found } = await db.query<{ id: string }>('select id from vault.secrets where name = $1', [
      name,
    ]);
    if (found[0]) await db.query('select vault.update_secret($1, $2)', [found[0].id, value]);
    else await db.query('select vault.create_secret($1, $2)', [value, name]);
    written.push(name);
  }
  return written;
}
