// hello: the sample Edge Function (supabase-local's tests call it too).
//
// Greets the caller with a greeting kept as a secret (HELLO_GREETING: supabase/functions/.env
// locally, `supabase secrets set` in production), says which role the caller's JWT carries, and
// prices an amount with the store's shared INR formatting (functions import `shared/` by path).
import { formatINR } from '../../../shared/src/pricing/format.ts';

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
};

/**
 * The role claim of the caller's JWT. The platform verified the token already (verify_jwt), so
 * reading its payload is enough here; without a token the caller is anonymous.
 */
function callerRole(authorization: string | null): string {
  const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
  const payload = token.split('.')[1];
  if (!payload) return 'anon';
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims.role === 'string' ? claims.role : 'anon';
  } catch {
    return 'anon';
  }
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });

  const body = req.method === 'POST' ? await req.json().catch(() => ({})) : {};
  const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim().slice(0, 80) : 'there';
  const greeting = Deno.env.get('HELLO_GREETING') ?? 'Hello';
  const reply: Record<string, string> = {
    message: `${greeting}, ${name}!`,
    role: callerRole(req.headers.get('Authorization')),
  };
  if (typeof body.amount === 'number' && Number.isFinite(body.amount)) reply.amount = formatINR(body.amount);

  return Response.json(reply, { headers: corsHeaders });
});
