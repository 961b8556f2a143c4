/**
 * The local sign-in provider page: where /authorize sends the browser instead of Google or GitHub
 * (there is no internet, and no real accounts). It says plainly that it is a local stand-in, offers
 * a few test identities and a form for any other, and redirects to /callback with a `code` as the
 * real provider would. The identity data it hands to Auth has the shape GoTrue stores for that
 * provider (iss, sub, name, email, avatar_url, full_name, provider_id, email_verified, …).
 *
 * Anyone at the keyboard can type any address here, so the page proves nothing about who owns it.
 * It therefore creates or signs in only its own provider identities: it refuses (and says why on
 * the page) an address whose account has a password (an `email` identity) or an elevated role in
 * app_metadata, and an identity of its own whose account has since been given such a role. The
 * callback checks the same rule again when the account is looked up.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/types.ts';
import type { Handler } from '../context.ts';
import { badRequest, forbidden } from '../errors.ts';
import { html, redirect, type AuthRequest, type Reply } from '../http.ts';
import { escapeHtml } from '../../mail/mailbox.ts';
import { LOCAL_PROVIDERS, type LocalProvider } from '../options.ts';
import { signHs256 } from '../jwt.ts';
import type { AuthContext } from '../context.ts';
import { findIdentity, findUserById, findUserOwningEmail, type User } from '../users.ts';

export interface ChosenIdentity {
  email: string;
  name: string;
}

export const TEST_IDENTITIES: ChosenIdentity[] = [
  { name: 'Asha Verma', email: 'asha.verma@example.com' },
  { name: 'Rahul Mehta', email: 'rahul.mehta@example.com' },
  { name: 'Priya Nair', email: 'priya.nair@example.com' },
];

const LABEL: Record<LocalProvider, string> = { google: 'Google', github: 'GitHub' };

/** A stable provider account id for an email, in the provider's format (Google: 21 digits, GitHub: a number). */
export function providerAccountId(provider: LocalProvider, email: string): string {
  const digest = createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest();
  if (provider === 'github') return String((digest.readUInt32BE(0) % 90_000_000) + 10_000_000);
  return '1' + [...digest.subarray(0, 20)].map((b) => b % 10).join('');
}

/** identity_data / user_metadata as GoTrue records them for Google and GitHub. */
export function providerIdentityData(
  provider: LocalProvider,
  who: ChosenIdentity,
  baseUrl: string,
): Record<string, unknown> {
  const email = who.email.toLowerCase();
  const name = who.name || email.split('@')[0]!;
  const sub = providerAccountId(provider, email);
  const avatar = `${baseUrl}/local-provider/avatar.svg?name=${encodeURIComponent(name)}`;
  if (provider === 'github') {
    const login = email.split('@')[0]!.replace(/[^a-zA-Z0-9-]/g, '-');
    return {
      iss: 'https://api.github.com',
      sub,
      name,
      email,
      full_name: name,
      avatar_url: avatar,
      user_name: login,
      provider_id: sub,
      email_verified: true,
      phone_verified: false,
      preferred_username: login,
    };
  }
  return {
    iss: 'https://accounts.google.com',
    sub,
    name,
    email,
    picture: avatar,
    full_name: name,
    avatar_url: avatar,
    provider_id: sub,
    email_verified: true,
    phone_verified: false,
  };
}

/** The provider's authorization code for a chosen identity (what the local provider page redirects with). */
export function providerCode(ctx: AuthContext, provider: LocalProvider, identity: ChosenIdentity): string {
  const exp = Math.floor(ctx.now().getTime() / 1000) + 300;
  return signHs256({ exp, provider, purpose: 'provider_code', ...identity }, ctx.settings.jwtSecret);
}

function providerOf(value: string | null): LocalProvider {
  if (!value || !(LOCAL_PROVIDERS as readonly string[]).includes(value))
    throw badRequest('validation_failed', 'Unknown provider');
  return value as LocalProvider;
}

/** app_metadata values that mean "an ordinary user": anything else in a role claim is elevated. */
const ORDINARY_ROLES = new Set(['', 'authenticated', 'anon']);

/** The elevated role an account holds (app_metadata.role / roles, or a database role other than authenticated), if any. */
export function elevatedRole(user: User): string | null {
  const meta = user.row.raw_app_meta_data ?? {};
  const claimed = [meta['role'], ...(Array.isArray(meta['roles']) ? meta['roles'] : [])]
    .filter((r): r is string => typeof r === 'string')
    .map((r) => r.trim())
    .find((r) => !ORDINARY_ROLES.has(r));
  if (claimed) return claimed;
  const dbRole = user.row.role ?? '';
  return ORDINARY_ROLES.has(dbRole) ? null : dbRole;
}

/** Why the local provider may not sign in to this account, or null when it may. */
export function localProviderRefusal(user: User): string | null {
  const role = elevatedRole(user);
  if (role) {
    return (
      `This address belongs to an account with the role "${role}". The local provider never signs in ` +
      `to such an account: sign in with its password instead.`
    );
  }
  if (user.row.encrypted_password || user.identities.some((i) => i.provider === 'email')) {
    return (
      'This address belongs to an account that signs in with a password. The local provider does not ' +
      'link to it or sign in to it: sign in with the password, or choose another address.'
    );
  }
  return null;
}

/**
 * The account a chosen identity would reach: the user of this provider identity if it exists,
 * else the user owning the address (automatic linking).
 */
export async function accountReached(
  q: Queryable,
  provider: LocalProvider,
  email: string,
): Promise<User | null> {
  const identity = await findIdentity(q, provider, providerAccountId(provider, email));
  if (identity) return findUserById(q, identity.user_id);
  return findUserOwningEmail(q, email.toLowerCase());
}

/** Throws 403 access_denied-style when the local provider may not reach this account. */
export async function assertLocalProviderMayReach(
  q: Queryable,
  provider: LocalProvider,
  email: string,
): Promise<void> {
  const user = await accountReached(q, provider, email);
  const why = user && localProviderRefusal(user);
  if (why) throw forbidden('email_exists', why);
}

export const localProviderPage: Handler = async (req) =>
  providerPage(req, req.query.get('provider'), req.query.get('state') ?? '');

function providerPage(
  req: AuthRequest,
  providerName: string | null,
  state: string,
  refusal?: { email: string; name: string; message: string },
): Reply {
  const provider = providerOf(providerName);
  const label = LABEL[provider];
  const action = `${req.baseUrl}/local-provider`;
  const hidden = `<input type="hidden" name="provider" value="${provider}"><input type="hidden" name="state" value="${escapeHtml(state)}">`;
  const choices = TEST_IDENTITIES.map(
    (i) => `<li><form method="post" action="${escapeHtml(action)}">${hidden}
      <input type="hidden" name="email" value="${escapeHtml(i.email)}"><input type="hidden" name="name" value="${escapeHtml(i.name)}">
      <button type="submit">Continue as ${escapeHtml(i.name)} <span>${escapeHtml(i.email)}</span></button></form></li>`,
  ).join('\n');
  return html(
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local sign-in provider (supabase-local) — not ${label}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 34rem; margin: 2rem auto; padding: 0 1rem; color: #1c1c1c; }
  .banner { background: #fff4d6; border: 2px solid #b07800; border-radius: 8px; padding: .75rem 1rem; }
  ul { list-style: none; padding: 0; }
  li { margin: .5rem 0; }
  button { width: 100%; text-align: left; padding: .6rem .8rem; font: inherit; border: 1px solid #888; border-radius: 6px; background: #fff; cursor: pointer; }
  button span { display: block; color: #444; font-size: 14px; }
  label { display: block; margin: .5rem 0 .2rem; }
  input[type=email], input[type=text] { width: 100%; padding: .5rem; font: inherit; box-sizing: border-box; }
  .cancel { margin-top: 1.5rem; display: inline-block; }
  .refused { background: #fde8e8; border: 2px solid #a61b1b; border-radius: 8px; padding: .25rem 1rem; margin-top: 1rem; }
  .refused h2 { margin: .5rem 0 0; font-size: 1.1rem; }
</style></head>
<body>
<main>
<h1>Local sign-in provider (supabase-local) — not ${label}</h1>
<p class="banner" role="note">This page stands in for <strong>${label}</strong> on this machine. Nothing is sent to
${label}; the identity you pick here is made up for local development and tests.</p>
${
  refusal
    ? `<div class="refused" role="alert"><h2>Not signed in</h2><p>${escapeHtml(refusal.message)}</p></div>`
    : ''
}
<h2>Choose a test identity</h2>
<ul>
${choices}
</ul>
<h2>Or use another identity</h2>
<form method="post" action="${escapeHtml(action)}">${hidden}
  <label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="off" value="${escapeHtml(refusal?.email ?? '')}">
  <label for="name">Name</label><input id="name" name="name" type="text" autocomplete="off" value="${escapeHtml(refusal?.name ?? '')}">
  <p><button type="submit">Continue</button></p>
</form>
<form method="post" action="${escapeHtml(action)}">${hidden}<input type="hidden" name="cancel" value="1">
  <button class="cancel" type="submit">Cancel</button></form>
</main>
</body></html>`,
    refusal ? 403 : 200,
  );
}

/** The choice: back to /callback with a code (or the error a provider sends on cancel). */
export const localProviderChoose: Handler = async (req, ctx) => {
  const form = new URLSearchParams((await req.body()).toString('utf8'));
  const provider = providerOf(form.get('provider'));
  const state = form.get('state') ?? '';
  const back = new URLSearchParams({ state });
  if (form.get('cancel')) {
    back.set('error', 'access_denied');
    back.set('error_description', 'The user cancelled the sign-in');
  } else {
    const email = (form.get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      throw badRequest('validation_failed', 'An email address is required');
    const name = (form.get('name') ?? '').trim();
    const user = await accountReached(ctx.db, provider, email);
    const why = user && localProviderRefusal(user);
    if (why) return providerPage(req, provider, state, { email, name, message: why });
    back.set('code', providerCode(ctx, provider, { email, name }));
  }
  return redirect(`${req.baseUrl}/callback?${back}`);
};

/** A round avatar with the name's initials (the identities' avatar_url: no internet for real ones). */
export const localProviderAvatar: Handler = async (req) => {
  const name = req.query.get('name') ?? '?';
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  const hue = (createHash('sha256').update(name).digest()[0]! * 360) / 256;
  return {
    status: 200,
    contentType: 'image/svg+xml',
    headers: { 'Cache-Control': 'public, max-age=86400' },
    text: `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl(${Math.round(hue)},45%,40%)"/><text x="48" y="58" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`,
  };
};
