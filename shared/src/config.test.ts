import { describe, expect, it } from 'vitest';
import {
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_SITE_URL,
  LOCAL_SUPABASE_ANON_KEY,
  LOCAL_SUPABASE_URL,
  RAZORPAY_CHECKOUT_SCRIPT,
  SiteBuildEnvError,
  secretKeyProblem,
  siteBuildEnv,
} from './config.ts';

// shared/ compiles without DOM or Node types (Deno imports it too); every runtime has atob/btoa.
declare function atob(data: string): string;
declare function btoa(data: string): string;

const jwt = (payload: object) =>
  `${btoa('{"alg":"HS256","typ":"JWT"}')}.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.c2ln`;

const production = {
  VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abcDEF123',
  VITE_SITE_URL: 'https://furnicraft.in/',
  VITE_RAZORPAY_KEY_ID: 'rzp_live_AbC123',
};

describe('local Supabase config', () => {
  it('points at the port of `supabase start`', () => {
    expect(LOCAL_SUPABASE_URL).toBe('http://127.0.0.1:54321');
  });

  it('is the public anon key, never a service-role key', () => {
    const payload = JSON.parse(atob(LOCAL_SUPABASE_ANON_KEY.split('.')[1] ?? '')) as Record<string, unknown>;
    expect(payload).toMatchObject({ iss: 'supabase-demo', role: 'anon' });
    expect(secretKeyProblem(LOCAL_SUPABASE_ANON_KEY)).toBeUndefined();
  });
});

describe('siteBuildEnv: a production build fails closed', () => {
  it('names every missing variable and builds nothing on a default', () => {
    let error: unknown;
    try {
      siteBuildEnv({}, { local: false });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SiteBuildEnvError);
    const problems = (error as SiteBuildEnvError).problems.join('\n');
    for (const name of [
      'VITE_SUPABASE_URL',
      'VITE_SUPABASE_PUBLISHABLE_KEY',
      'VITE_SITE_URL',
      'VITE_RAZORPAY_KEY_ID',
    ]) {
      expect(problems).toContain(`${name} is missing`);
    }
  });

  it('names only what is missing', () => {
    const { VITE_RAZORPAY_KEY_ID: _, ...rest } = production;
    expect(() => siteBuildEnv(rest, { local: false })).toThrow(/VITE_RAZORPAY_KEY_ID is missing/);
    try {
      siteBuildEnv(rest, { local: false });
    } catch (e) {
      expect((e as SiteBuildEnvError).problems).toHaveLength(1);
    }
  });

  it('takes the hosted values, with Razorpay’s own checkout script', () => {
    expect(siteBuildEnv(production, { local: false })).toEqual({
      supabaseUrl: 'https://abcdefghijklmnop.supabase.co',
      supabaseKey: 'sb_publishable_abcDEF123',
      supabaseKeyKind: 'publishable',
      siteUrl: 'https://furnicraft.in',
      razorpayKeyId: 'rzp_live_AbC123',
      razorpayCheckoutUrl: RAZORPAY_CHECKOUT_SCRIPT,
    });
  });

  it('accepts the legacy anon JWT in VITE_SUPABASE_ANON_KEY instead of the publishable key', () => {
    const { VITE_SUPABASE_PUBLISHABLE_KEY: _, ...rest } = production;
    const anon = jwt({ role: 'anon', iss: 'supabase' });
    const env = siteBuildEnv({ ...rest, VITE_SUPABASE_ANON_KEY: anon }, { local: false });
    expect(env).toMatchObject({ supabaseKey: anon, supabaseKeyKind: 'legacy-anon' });
  });

  it('refuses a secret key or a service_role JWT in the browser key', () => {
    expect(() =>
      siteBuildEnv({ ...production, VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_secret_abc' }, { local: false }),
    ).toThrow(/VITE_SUPABASE_PUBLISHABLE_KEY is a secret key/);
    const { VITE_SUPABASE_PUBLISHABLE_KEY: _, ...rest } = production;
    expect(() =>
      siteBuildEnv({ ...rest, VITE_SUPABASE_ANON_KEY: jwt({ role: 'service_role' }) }, { local: true }),
    ).toThrow(/VITE_SUPABASE_ANON_KEY is a JWT with role "service_role"/);
  });

  it('refuses URLs that are not http(s) and a key id that is not Razorpay’s', () => {
    expect(() =>
      siteBuildEnv(
        { ...production, VITE_SITE_URL: 'furnicraft.in', VITE_RAZORPAY_KEY_ID: 'secret123' },
        { local: false },
      ),
    ).toThrow(/VITE_SITE_URL is not an http\(s\) URL[\s\S]*VITE_RAZORPAY_KEY_ID is not a Razorpay key id/);
  });
});

describe('siteBuildEnv: the local mode of npm start and the tests', () => {
  it('defaults to supabase-local and its Razorpay sandbox', () => {
    expect(siteBuildEnv({}, { local: true })).toEqual({
      supabaseUrl: LOCAL_SUPABASE_URL,
      supabaseKey: LOCAL_SUPABASE_ANON_KEY,
      supabaseKeyKind: 'legacy-anon',
      siteUrl: LOCAL_SITE_URL,
      razorpayKeyId: LOCAL_RAZORPAY_KEY_ID,
      razorpayCheckoutUrl: `${LOCAL_SUPABASE_URL}/razorpay/checkout.js`,
    });
  });

  it('still takes the variables that are set (a moved API port)', () => {
    expect(siteBuildEnv({ VITE_SUPABASE_URL: 'http://127.0.0.1:54331' }, { local: true })).toMatchObject({
      supabaseUrl: 'http://127.0.0.1:54331',
      razorpayCheckoutUrl: 'http://127.0.0.1:54331/razorpay/checkout.js',
    });
  });
});
