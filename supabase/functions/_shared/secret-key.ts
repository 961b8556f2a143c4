// The callers that hold the project's secret key: pg_cron through pg_net (notify-dispatch, refunds),
// staff's `curl`. Such a key is not a JWT the platform's check would accept, so config.toml sets
// verify_jwt = false for these functions and they compare the bearer (or apikey) with every key the
// runtime gives them that bypasses RLS (sb_secret_… keys and the legacy service_role JWT), in
// constant time.

/** Every key this project's functions are given that bypasses RLS. */
function secretKeys(): string[] {
  const keys: string[] = [];
  try {
    const dict = JSON.parse(Deno.env.get('SUPABASE_SECRET_KEYS') ?? '{}') as Record<string, unknown>;
    for (const v of Object.values(dict ?? {})) if (typeof v === 'string' && v) keys.push(v);
  } catch {
    console.error('SUPABASE_SECRET_KEYS is not a JSON dictionary of keys');
  }
  for (const name of ['SUPABASE_SECRET_KEY', 'SUPABASE_SERVICE_ROLE_KEY']) {
    const v = Deno.env.get(name);
    if (v) keys.push(v);
  }
  return keys;
}

const digest = async (s: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));

/** Constant time whatever the lengths: the SHA-256 digests are compared byte by byte. */
async function sameSecret(given: string, key: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(key)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** Whether the request carries the project's secret key (`Authorization: Bearer <key>` or `apikey: <key>`). */
export async function holdsSecretKey(req: Request): Promise<boolean> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  const given = [bearer, req.headers.get('apikey') ?? undefined].filter((v): v is string => Boolean(v));
  const keys = secretKeys();
  let ok = false;
  for (const g of given) for (const k of keys) if (await sameSecret(g, k)) ok = true;
  return ok;
}
