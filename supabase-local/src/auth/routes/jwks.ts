/**
 * GET /.well-known/jwks.json (GoTrue's WellKnownJwks): the public keys user JWTs are verified with,
 * for supabase-js's auth.getClaims(), Edge Functions and any other verifier. Symmetric keys are never
 * listed: in legacy HS256 mode the set is empty. Open without an apikey (verifiers such as jose's
 * createRemoteJWKSet send none), cached for 10 minutes as GoTrue says.
 */
import type { Handler } from '../context.ts';
import { json } from '../http.ts';

export const jwks: Handler = async (_req, ctx) =>
  json({ keys: ctx.jwt.publicKeys }, 200, { 'Cache-Control': 'public, max-age=600' });
