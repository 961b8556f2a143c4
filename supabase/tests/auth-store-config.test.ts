/**
 * Auth as `npm start` serves it: the server's own Auth surface (not a test factory) with the store's
 * supabase/config.toml. Sign-up confirms the e-mail (enable_confirmations, as on hosted Supabase):
 * no session, a confirmation mail, password sign-in refused until the link is followed, a resend
 * that answers alike for any address; and every link in that mail is built from the server's own
 * URL, whatever Host or X-Forwarded-Host the request carried. The mails are the store's own
 * (config.toml [auth.email.template.*], the files under supabase/templates/), as on hosted Supabase.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { expect, it } from 'vitest';
import { loadConfig } from 'supabase-local';
import {
  authClient,
  followRedirects,
  forEachServer,
  fragmentParams,
  latestMail,
  mailTo,
  type TestServer,
  uniqueEmail,
} from 'supabase-local/testing';

const PASSWORD = 'correct-horse-9';

/** POST /auth/v1/signup with chosen headers (fetch cannot set Host). */
function signUpWith(s: TestServer, email: string, headers: Record<string, string>): Promise<number> {
  const u = new URL(`${s.url}/auth/v1/signup`);
  const body = JSON.stringify({ email, password: PASSWORD });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: {
          apikey: s.anonKey,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

forEachServer("auth with the store's config.toml", { config: loadConfig() }, ({ server }) => {
  it('sign-up answers without a session and mails the confirmation; sign-in waits for the link', async () => {
    const s = server();
    const email = uniqueEmail('store');
    const { data, error } = await authClient(s).auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);

    const early = await authClient(s).auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });

    // resend: the same empty answer for this address and for one nobody registered
    const again = await authClient(s).auth.resend({ type: 'signup', email });
    expect(again.error === null || again.error.code === 'over_email_send_rate_limit').toBe(true);
    const nobody = await authClient(s).auth.resend({ type: 'signup', email: uniqueEmail('nobody') });
    expect(nobody).toMatchObject({ error: null });

    const mail = await latestMail(s, email, 'signup');
    const back = await followRedirects(mail.action_url!, {
      stopAt: (u) => !u.pathname.startsWith('/auth/v1'),
    });
    expect(fragmentParams(back.url).get('type')).toBe('signup');
    const signedIn = await authClient(s).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
  });

  it("builds mail links from the server's own URL, never from Host or X-Forwarded-Host", async () => {
    const s = server();
    const port = new URL(s.url).port;
    const email = uniqueEmail('host');
    // a loopback name the server accepts, with forwarded headers an attacker chose
    const status = await signUpWith(s, email, {
      Host: `localhost:${port}`,
      'X-Forwarded-Host': 'evil.example.net',
      'X-Forwarded-Proto': 'https',
    });
    expect(status).toBe(200);
    const mail = await latestMail(s, email, 'signup');
    expect(mail.action_url!.startsWith(`${s.url}/auth/v1/verify?`)).toBe(true);

    // a foreign Host: refused by the gateway, or answered with a link to the server's own URL
    const other = uniqueEmail('evilhost');
    const evil = await signUpWith(s, other, { Host: `evil.example.net:${port}` });
    const links = (await mailTo(s, other)).map((m) => m.action_url ?? '');
    if (evil === 200) expect(links[0]!.startsWith(`${s.url}/auth/v1/verify?`)).toBe(true);
    else expect(evil).toBeGreaterThanOrEqual(400);
    expect(links.some((l) => l.includes('evil.example.net'))).toBe(false);
  });

  it('sends the store’s own Auth mails: the subjects and templates config.toml names, filled in', async () => {
    const s = server();
    const email = uniqueEmail('tmpl');
    expect((await authClient(s).auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const confirm = await latestMail(s, email, 'signup');
    expect(confirm.subject).toBe('Confirm your FurniCraft account');
    const template = readFileSync(new URL('../templates/confirmation.html', import.meta.url), 'utf8');
    expect(template).toContain('{{ .ConfirmationURL }}');
    // the template's own words, with GoTrue's variables filled in (the link escaped as HTML)
    const words = /<h1[^>]*>([^<]+)<\/h1>/.exec(template)?.[1];
    expect(words && confirm.html).toContain(words);
    expect(confirm.html).toContain(confirm.action_url!.replace(/&/g, '&amp;'));
    expect(confirm.html).not.toContain('{{');

    await authClient(s).auth.resetPasswordForEmail(email);
    const recovery = await latestMail(s, email, 'recovery');
    expect(recovery.subject).toBe('Reset your FurniCraft password');
    expect(recovery.html).toContain(recovery.action_url!.replace(/&/g, '&amp;'));
  });
});
