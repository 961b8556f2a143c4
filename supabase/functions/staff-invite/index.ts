// staff-invite: an owner invites a staff member by e-mail (issue 21). config.toml sets verify_jwt =
// false: the function verifies the caller itself (callerOf, _shared/supabase.ts).
//
//   POST {email, roles} with the owner's token →
//     1. the CALLER's client asks staff_access(): without 'staff.manage' the answer is 403 and
//        nothing happens (the database checks again in step 3; this only avoids mailing anyone);
//     2. the secret key's client invites the address (Auth's auth.admin.inviteUserByEmail: a new
//        account without a password, and the invite mail whose link opens <site>/admin/set-password,
//        where the person chooses one). An address that already has a confirmed account is not
//        invited: that account is used as it is (its owner signs in with their own password). An
//        unconfirmed account someone registered earlier loses its password and sessions first
//        (whoever registered it may not own the mailbox), then is invited;
//     3. the CALLER's client calls admin_set_staff_roles, so the database decides (the permission,
//        the 8-hour sign-in, never one's own roles, the last owner stays). When it refuses, an
//        account made in step 2 is deleted again (its link then leads nowhere).
//
// Answers 200 {user_id, email, roles, invited: true | false (an existing account was used)}; errors
// as {message} (plus the database's {code, details} when it refused): 400 (body), 401 (no valid session), 403 (not allowed, session too old, own roles),
// 409 (last owner), 502 (Auth failed). The site's address for the link: SITE_URL (set it in
// production), else the request's Origin; Auth only sends browsers to addresses it allows.
import { parseStaffInvite } from '../../../shared/src/staff/invite.ts';
import { corsHeaders } from '../_shared/payments.ts';
import { adminClient, callerOf, failed, type StoreClient } from '../_shared/supabase.ts';

const answer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: corsHeaders });
/** A refusal: {message}, with the database's code and details when it refused (the admin reads them). */
const refuse = (status: number, message: string, why: { code?: string; details?: string } = {}) =>
  answer(status, { message, ...why });
const dbRefusal = (e: { code: string; message: string; details: string }) =>
  refuse(statusOf(e.code), e.message, { code: e.code, details: e.details });

/** Where the mailed link lands: the admin's set-password page on the site. */
function setPasswordUrl(req: Request): string | undefined {
  const site = Deno.env.get('SITE_URL') ?? req.headers.get('Origin') ?? '';
  return /^https?:\/\/[^/\s]+/.test(site) ? `${site.replace(/\/+$/, '')}/admin/set-password` : undefined;
}

/** A password nobody knows (the invitee chooses theirs through the mailed link). */
function unknownPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${btoa(String.fromCharCode(...bytes))}aA1!`;
}

/**
 * The account holding this address, if any: customer_stats keeps every account's e-mail (a trigger
 * on auth.users), read with the secret key.
 */
async function accountOf(admin: StoreClient, email: string): Promise<string | null> {
  const { data, error } = await admin.from('customer_stats').select('user_id').eq('email', email).limit(1);
  if (error) throw failed('Looking up the address', error);
  return data[0]?.user_id ?? null;
}

/**
 * The account to make staff: an existing confirmed one as it is (no mail); an unconfirmed one first
 * loses its password and sessions (whoever registered it may not own the mailbox; a new password
 * ends them), then is invited; else a new one is invited. Or the answer to give when Auth fails.
 */
async function inviteeOf(
  admin: StoreClient,
  email: string,
  redirectTo: string | undefined,
): Promise<{ userId: string; invited: boolean; created: boolean } | Response> {
  const existing = await accountOf(admin, email);
  if (existing) {
    const { data, error } = await admin.auth.admin.getUserById(existing);
    if (error) return refuse(502, `Auth could not read the account of ${email}: ${error.message}`);
    if (data.user.email_confirmed_at) return { userId: existing, invited: false, created: false };
    const reset = await admin.auth.admin.updateUserById(existing, { password: unknownPassword() });
    if (reset.error) return refuse(502, `Auth could not invite ${email}: ${reset.error.message}`);
  }
  const invited = await admin.auth.admin.inviteUserByEmail(email, redirectTo ? { redirectTo } : {});
  if (invited.error) {
    console.error('staff-invite: Auth refused the invite', invited.error);
    return refuse(
      invited.error.status === 400 ? 400 : 502,
      `Auth could not invite ${email}: ${invited.error.message}`,
    );
  }
  return { userId: invited.data.user.id, invited: true, created: !existing };
}

/** The database's refusal as an HTTP status (42501: not allowed; 23514: the last owner). */
const statusOf = (code: string | undefined) =>
  code === '42501' ? 403 : code === '23514' ? 409 : code === 'PGRST301' ? 401 : 400;

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return refuse(405, 'Use POST.');
  const caller = await callerOf(req, (status, body) => refuse(status, body.error));
  if (caller instanceof Response) return caller;
  const parsed = parseStaffInvite(await req.json().catch(() => null));
  if (!parsed.ok) return refuse(400, parsed.message);
  const { email, roles } = parsed.value;

  const access = await caller.db.rpc('staff_access');
  if (access.error) return dbRefusal(access.error);
  const permissions =
    access.data && typeof access.data === 'object' && !Array.isArray(access.data)
      ? access.data['permissions']
      : null;
  if (!Array.isArray(permissions) || !permissions.includes('staff.manage'))
    return refuse(403, 'Only an owner can invite staff.', { code: '42501', details: 'missing_permission' });

  const admin = adminClient();
  const invitee = await inviteeOf(admin, email, setPasswordUrl(req));
  if (invitee instanceof Response) return invitee;
  const { userId, created } = invitee;

  const granted = await caller.db.rpc('admin_set_staff_roles', { user_id: userId, roles });
  if (granted.error) {
    // nothing half-done: an account made for this invite goes again
    if (created) {
      const undo = await admin.auth.admin.deleteUser(userId);
      if (undo.error) console.error('staff-invite: could not delete the refused invitee', undo.error);
    }
    return dbRefusal(granted.error);
  }
  return answer(200, {
    user_id: granted.data.user_id,
    email: granted.data.email,
    roles: granted.data.roles,
    invited: invitee.invited,
  });
});
