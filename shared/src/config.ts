/**
 * Where the apps find the Supabase API, the site and the payment provider: the well-known local
 * values for the local build (`npm start`, the tests), and the rules a production build must pass.
 *
 * The local values are the ones `supabase start` prints for every local project (and that
 * supabase-local reuses), not secrets: the anon key is public by design and RLS guards every row.
 * A production build takes the hosted project's values from VITE_* variables and refuses to finish
 * without them (`siteBuildEnv`): nothing in a production bundle may fall back to 127.0.0.1.
 */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Where `npm start` serves the site (supabase/config.toml `auth.site_url`). */
export const LOCAL_SITE_URL = 'http://127.0.0.1:3000';

/** The key id of supabase-local's Razorpay sandbox (development only). */
export const LOCAL_RAZORPAY_KEY_ID = 'rzp_test_local0000000001';

/** Razorpay's own checkout script, the default of a production build. */
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** The store's name as shown in headers, titles and the payment provider's checkout. */
export const STORE_NAME = 'FurniCraft';

/** What a build of either app is fixed to (Vite inlines it as import.meta.env.VITE_*). */
export interface SiteBuildEnv {
  supabaseUrl: string;
  /** the publishable key (sb_publishable_…), or the legacy anon JWT */
  supabaseKey: string;
  supabaseKeyKind: 'publishable' | 'legacy-anon';
  /** the site's public address, without a trailing slash (robots.txt, sitemap, mail links) */
  siteUrl: string;
  razorpayKeyId: string;
  razorpayCheckoutUrl: string;
}

/** The variables a production build reads, with what each must hold. */
export const SITE_BUILD_VARIABLES = {
  VITE_SUPABASE_URL: 'the project URL, https://<project-ref>.supabase.co',
  VITE_SUPABASE_PUBLISHABLE_KEY:
    "the project's publishable key, sb_publishable_… (or the legacy anon JWT in VITE_SUPABASE_ANON_KEY)",
  VITE_SITE_URL: "the site's public address, e.g. https://furnicraft.in",
  VITE_RAZORPAY_KEY_ID: 'the Razorpay key id, rzp_live_… (never the key secret)',
} as const;

/** A production build that cannot be made safely: every problem found, one a line. */
export class SiteBuildEnvError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `A production build needs these variables (docs/deploy.md, step 7; \`pnpm build\` is the local build for supabase-local):\n` +
        problems.map((p) => `  - ${p}`).join('\n'),
    );
    this.name = 'SiteBuildEnvError';
  }
}

/** An absolute http(s) URL with a host and no spaces (shared/ has no URL class: no DOM or Node types). */
const HTTP_URL = /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?(\/\S*)?$/;

type Vars = Readonly<Record<string, string | undefined>>;

/**
 * The values a build is fixed to. `local: true` (the explicit local mode of `npm start` and the
 * tests) fills what is unset with supabase-local's well-known values; otherwise every required
 * variable must be set and sane, and the error names each one that is not.
 */
export function siteBuildEnv(vars: Vars, { local }: { local: boolean }): SiteBuildEnv {
  const get = (name: string) => {
    const v = vars[name]?.trim();
    return v ? v : undefined;
  };
  const problems: string[] = [];
  const url = (name: keyof typeof SITE_BUILD_VARIABLES, fallback: string) => {
    const v = get(name);
    if (v === undefined) {
      if (!local) problems.push(`${name} is missing: ${SITE_BUILD_VARIABLES[name]}`);
      return fallback;
    }
    if (!HTTP_URL.test(v)) problems.push(`${name} is not an http(s) URL: ${v}`);
    return v.replace(/\/+$/, '');
  };

  const supabaseUrl = url('VITE_SUPABASE_URL', LOCAL_SUPABASE_URL);

  const publishable = get('VITE_SUPABASE_PUBLISHABLE_KEY');
  const legacy = get('VITE_SUPABASE_ANON_KEY');
  const supabaseKey = publishable ?? legacy;
  const keyName = publishable ? 'VITE_SUPABASE_PUBLISHABLE_KEY' : 'VITE_SUPABASE_ANON_KEY';
  let supabaseKeyKind: SiteBuildEnv['supabaseKeyKind'] = 'publishable';
  if (supabaseKey === undefined) {
    if (!local)
      problems.push(
        `VITE_SUPABASE_PUBLISHABLE_KEY is missing: ${SITE_BUILD_VARIABLES.VITE_SUPABASE_PUBLISHABLE_KEY}`,
      );
    supabaseKeyKind = 'legacy-anon';
  } else {
    const secret = secretKeyProblem(supabaseKey);
    if (secret) problems.push(`${keyName} ${secret}: only the publishable (or anon) key may reach a browser`);
    else if (!supabaseKey.startsWith('sb_publishable_')) supabaseKeyKind = 'legacy-anon';
  }

  const siteUrl = url('VITE_SITE_URL', LOCAL_SITE_URL);

  const razorpayKeyId = get('VITE_RAZORPAY_KEY_ID');
  if (razorpayKeyId === undefined) {
    if (!local)
      problems.push(`VITE_RAZORPAY_KEY_ID is missing: ${SITE_BUILD_VARIABLES.VITE_RAZORPAY_KEY_ID}`);
  } else if (!/^rzp_(live|test)_[A-Za-z0-9]+$/.test(razorpayKeyId)) {
    problems.push(`VITE_RAZORPAY_KEY_ID is not a Razorpay key id (rzp_live_… or rzp_test_…)`);
  }
  const checkout = get('VITE_RAZORPAY_CHECKOUT_URL');
  if (checkout !== undefined && !HTTP_URL.test(checkout)) {
    problems.push(`VITE_RAZORPAY_CHECKOUT_URL is not a URL: ${checkout}`);
  }

  if (problems.length > 0) throw new SiteBuildEnvError(problems);
  return {
    supabaseUrl,
    supabaseKey: supabaseKey ?? LOCAL_SUPABASE_ANON_KEY,
    supabaseKeyKind,
    siteUrl,
    razorpayKeyId: razorpayKeyId ?? LOCAL_RAZORPAY_KEY_ID,
    // supabase-local's sandbox serves its checkout script on the API origin (development only)
    razorpayCheckoutUrl:
      checkout ?? (local ? `${supabaseUrl}/razorpay/checkout.js` : RAZORPAY_CHECKOUT_SCRIPT),
  };
}

// shared/ compiles without DOM or Node types (Deno imports it too); every runtime has atob.
declare function atob(data: string): string;

/**
 * Why `key` must not be put in a browser bundle, or undefined when it may: a secret key
 * (sb_secret_…) or a JWT whose role is not anon (service_role) is refused.
 */
export function secretKeyProblem(key: string): string | undefined {
  if (key.startsWith('sb_secret_')) return 'is a secret key (sb_secret_…)';
  const parts = key.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const payload = JSON.parse(atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown };
    if (payload.role !== 'anon') return `is a JWT with role ${JSON.stringify(payload.role)}, not anon`;
  } catch {
    return undefined;
  }
  return undefined;
}

/** The mode of the local build (`npm start`, the tests): `vite build --mode supabase-local`. */
export const LOCAL_BUILD_MODE = 'supabase-local';

/**
 * Vite `define` entries inlining a build's values as import.meta.env.VITE_*: the apps read only
 * these, so a production bundle holds the hosted values and no local default (the fallbacks in each
 * app's src/lib/env.ts fold away). The legacy VITE_SUPABASE_ANON_KEY arrives as the publishable key.
 */
export function siteBuildDefines(env: SiteBuildEnv): Record<string, string> {
  return {
    'import.meta.env.VITE_SUPABASE_URL': JSON.stringify(env.supabaseUrl),
    'import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY': JSON.stringify(env.supabaseKey),
    'import.meta.env.VITE_SITE_URL': JSON.stringify(env.siteUrl),
    'import.meta.env.VITE_RAZORPAY_KEY_ID': JSON.stringify(env.razorpayKeyId),
    'import.meta.env.VITE_RAZORPAY_CHECKOUT_URL': JSON.stringify(env.razorpayCheckoutUrl),
  };
}
