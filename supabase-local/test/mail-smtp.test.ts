/**
 * The local mailbox receives mail over real SMTP, as Inbucket/Mailpit do for `supabase start`:
 * a message sent with nodemailer shows in the JSON API and on the mailbox pages (HTML sandboxed
 * without scripts, text, headers); a message over the size limit is refused with 552 (declared or
 * not); Auth's mail travels over SMTP (stop the listener and sign-up answers GoTrue's 500, with
 * [auth.email.smtp] it reaches that server and not the mailbox); no listener with the development
 * surfaces off or [local_smtp] disabled.
 */
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { SMTPServer as SmtpServerType, SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromToml } from '../src/config.ts';
import { SMTP_MAX_MESSAGE_BYTES } from '../src/mail/smtp.ts';
import {
  authClient,
  forEachAuthServer,
  latestMail,
  mailTo,
  uniqueEmail,
} from '../src/testing/auth-server.ts';
import { forEachServer, startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { forEachDbKind } from '../src/testing/test-db.ts';

const { SMTPServer } = createRequire(import.meta.url)('smtp-server') as {
  SMTPServer: new (options: SMTPServerOptions) => SmtpServerType;
};

const PASSWORD = 'correct-horse-9';

function send(port: number, mail: SendMailOptions, auth = true) {
  const t = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    auth: auth ? { user: 'anyone', pass: 'anything' } : undefined,
  });
  return t.sendMail(mail).finally(() => t.close());
}

/** A raw SMTP conversation: write a line, read the server's (possibly multi-line) answer. */
async function smtpSession(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let buffer = '';
  const waiters: (() => void)[] = [];
  socket.on('data', (d: string) => {
    buffer += d;
    waiters.splice(0).forEach((w) => w());
  });
  const reply = async (): Promise<string> => {
    for (;;) {
      const m = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffer);
      if (m) {
        const end = m.index + m[0].length;
        const out = buffer.slice(0, end);
        buffer = buffer.slice(end);
        return out;
      }
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  await reply(); // greeting
  return {
    async cmd(line: string): Promise<string> {
      socket.write(`${line}\r\n`);
      return reply();
    },
    write: (data: string) => new Promise<void>((r) => socket.write(data, () => r())),
    reply,
    close: () => socket.destroy(),
  };
}

const countTo = async (s: TestServer, to: string) => (await mailTo(s, to)).length;

forEachServer('mail: the SMTP listener keeps what it receives', {}, ({ server }) => {
  it('shows a message sent over SMTP in the JSON API and on the pages, HTML sandboxed and text', async () => {
    const s = server();
    expect(s.smtp).not.toBeNull();
    expect(s.smtp!.host).toBe('127.0.0.1');
    const to = uniqueEmail('smtp');
    const info = await send(s.smtp!.port, {
      from: 'FurniCraft <orders@furnicraft.in>',
      to,
      subject: 'Order FC-1042 <placed> & paid',
      html: '<h1>Thank you</h1><p>Total <b>₹1,23,456</b></p><script>parent.document.title="pwned"</script>',
      text: 'Thank you\nTotal ₹1,23,456',
    });
    expect(info.response).toMatch(/^250 /);

    const [m] = await mailTo(s, to);
    expect(m).toMatchObject({
      to,
      from: '"FurniCraft" <orders@furnicraft.in>',
      subject: 'Order FC-1042 <placed> & paid',
      kind: null,
      action_url: null,
      message_id: info.messageId,
    });
    expect(m!.html).toContain('<p>Total <b>₹1,23,456</b></p>');
    expect(m!.text).toBe('Thank you\nTotal ₹1,23,456');
    expect(m!.size).toBeGreaterThan(200);
    expect(Date.parse(m!.date!)).toBeGreaterThan(Date.now() - 60_000);

    const list = await fetch(`${s.url}/auth/v1/mailbox?to=${encodeURIComponent(to)}`);
    const listHtml = await list.text();
    expect(listHtml).toContain(
      `<a href="${s.url}/auth/v1/mailbox/${m!.id}">Order FC-1042 &lt;placed&gt; &amp; paid</a>`,
    );
    expect(listHtml).not.toContain('<placed>');

    const page = await fetch(`${s.url}/auth/v1/mailbox/${m!.id}`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("default-src 'none'");
    const body = await page.text();
    const frame = /<iframe [^>]*sandbox="([^"]*)"[^>]*srcdoc="([^"]*)"/.exec(body);
    expect(frame).not.toBeNull();
    expect(frame![1]).not.toContain('allow-scripts');
    expect(frame![1]).not.toContain('allow-same-origin');
    // the HTML part, escaped into srcdoc (so it cannot close the attribute), with the frame's own CSP
    expect(frame![2]).toContain('&lt;p&gt;Total &lt;b&gt;₹1,23,456&lt;/b&gt;&lt;/p&gt;');
    expect(frame![2]).toContain('script-src &#39;none&#39;');
    expect(body).not.toContain('<script');
    expect(body).toContain('<pre>Thank you\nTotal ₹1,23,456</pre>');
    expect(body).toContain(escapeForTest(info.messageId));
    expect(body).toContain('orders@furnicraft.in');

    const missing = await fetch(`${s.url}/auth/v1/mailbox/999999999`);
    expect(missing.status).toBe(404);
  });

  it('keeps a copy per envelope recipient, with or without AUTH', async () => {
    const s = server();
    const a = uniqueEmail('rcpt-a');
    const b = uniqueEmail('rcpt-b');
    await send(
      s.smtp!.port,
      // a kind Auth never sends is not taken from the header
      {
        from: 'x@example.com',
        to: [a, b],
        subject: 'Both',
        text: 'hi',
        headers: { 'X-Supabase-Local-Kind': 'evil' },
      },
      false,
    );
    expect((await mailTo(s, a))[0]).toMatchObject({ subject: 'Both', kind: null, html: '' });
    expect((await mailTo(s, b))[0]?.subject).toBe('Both');
  });

  it('refuses a message over the size limit with 552, declared in MAIL FROM or not, and keeps nothing', async () => {
    const s = server();
    const to = uniqueEmail('big');
    const smtp = await smtpSession(s.smtp!.port);
    try {
      expect(await smtp.cmd('EHLO test.local')).toMatch(
        new RegExp(`250[ -]SIZE ${SMTP_MAX_MESSAGE_BYTES}\\r\\n`),
      );
      expect(await smtp.cmd(`MAIL FROM:<a@example.com> SIZE=${SMTP_MAX_MESSAGE_BYTES + 1}`)).toMatch(/^552 /);
      expect(await smtp.cmd('MAIL FROM:<a@example.com>')).toMatch(/^250 /);
      expect(await smtp.cmd(`RCPT TO:<${to}>`)).toMatch(/^250 /);
      expect(await smtp.cmd('DATA')).toMatch(/^354 /);
      const line = `${'x'.repeat(998)}\r\n`;
      await smtp.write(`Subject: too big\r\nTo: ${to}\r\n\r\n`);
      await smtp.write(line.repeat(Math.ceil((SMTP_MAX_MESSAGE_BYTES + 4096) / line.length)));
      await smtp.write('.\r\n');
      expect(await smtp.reply()).toMatch(/^552 /);
    } finally {
      smtp.close();
    }
    expect(await countTo(s, to)).toBe(0);
  });
});

function escapeForTest(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

forEachAuthServer(
  "mail: Auth's mail travels over SMTP to the local listener",
  { auth: { email: { enable_confirmations: true } } },
  ({ server }) => {
    it('delivers sign-up confirmation and recovery as SMTP messages, with their links and codes', async () => {
      const s = server();
      const email = uniqueEmail('auth-smtp');
      const { error } = await authClient(s).auth.signUp({ email, password: PASSWORD });
      expect(error).toBeNull();
      const confirm = await latestMail(s, email, 'signup');
      // only a message received over SMTP has a sender, a Message-ID and a raw size
      expect(confirm.from).toBe('"Admin" <admin@email.com>');
      expect(confirm.message_id).toMatch(/^<.+@.+>$/);
      expect(confirm.size).toBeGreaterThan(0);
      expect(confirm.action_url).toContain('/auth/v1/verify?token=');
      expect(confirm.otp).toMatch(/^\d{6}$/);
      expect(confirm.text).toContain(confirm.otp!);
      expect(confirm.html).toContain('Confirm your email address');

      const r = await authClient(s).auth.resetPasswordForEmail(email);
      expect(r.error).toBeNull();
      const recovery = await latestMail(s, email, 'recovery');
      expect(recovery.from).toBe('"Admin" <admin@email.com>');
      expect(recovery.token_hash).toBeTruthy();
    });

    it("with the listener stopped, sign-up and recovery fail as GoTrue's do and nothing is kept", async () => {
      const s = server();
      const known = uniqueEmail('known');
      await authClient(s).auth.signUp({ email: known, password: PASSWORD });
      await s.smtp!.stop();

      const email = uniqueEmail('smtp-down');
      const res = await fetch(`${s.url}/auth/v1/signup`, {
        method: 'POST',
        headers: {
          apikey: s.anonKey,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
        },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        code: 'unexpected_failure',
        message: 'Error sending confirmation email',
      });
      // the transaction rolled back: no user, no mail
      const { rows } = await s.db.query('select 1 from auth.users where email = $1', [email]);
      expect(rows).toHaveLength(0);
      expect(await countTo(s, email)).toBe(0);

      const rec = await authClient(s).auth.resetPasswordForEmail(known);
      expect(rec.error).toMatchObject({ status: 500, message: 'Error sending recovery email' });
    });
  },
);

/** A stand-in for the project's SMTP provider (Resend, SES, …): keeps what arrives and who logged in. */
// Below Linux's ephemeral range (32768–60999): an outgoing connection of the run never holds it.
const SINK_PORT = 25611;
const sink: { server: SmtpServerType | null; received: { user: string; parsed: ParsedMail }[] } = {
  server: null,
  received: [],
};
beforeAll(async () => {
  sink.server = new SMTPServer({
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'resend' && auth.password === 'sink-pass') cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      simpleParser(stream).then(
        (parsed) => {
          sink.received.push({ user: String(session.user), parsed });
          cb();
        },
        (e: Error) => cb(e),
      );
    },
  });
  await new Promise<void>((r) => sink.server!.listen(SINK_PORT, '127.0.0.1', () => r()));
});
afterAll(async () => {
  await new Promise<void>((r) => (sink.server ? sink.server.close(() => r()) : r()));
});

forEachAuthServer(
  'mail: with [auth.email.smtp], Auth sends to that server and not to the local mailbox',
  {
    auth: {
      email: {
        enable_confirmations: true,
        smtp: {
          enabled: true,
          host: '127.0.0.1',
          port: SINK_PORT,
          user: 'resend',
          pass: 'sink-pass',
          admin_email: 'no-reply@furnicraft.in',
          sender_name: 'FurniCraft',
        },
      },
    },
  },
  ({ server }) => {
    it('delivers the confirmation to the custom SMTP server, logged in, without the local metadata', async () => {
      const s = server();
      const email = uniqueEmail('custom-smtp');
      const { error } = await authClient(s).auth.signUp({ email, password: PASSWORD });
      expect(error).toBeNull();
      const got = sink.received.filter((m) => m.parsed.to && JSON.stringify(m.parsed.to).includes(email));
      expect(got).toHaveLength(1);
      const m = got[0]!;
      expect(m.user).toBe('resend');
      expect(m.parsed.from?.text).toBe('"FurniCraft" <no-reply@furnicraft.in>');
      expect(m.parsed.subject).toBe('Confirm your email address');
      expect(m.parsed.text).toContain('/auth/v1/verify?token=');
      expect([...m.parsed.headers.keys()].filter((k) => k.startsWith('x-supabase-local'))).toEqual([]);
      expect(await countTo(s, email)).toBe(0);
    });
  },
);

forEachDbKind('mail: no SMTP listener', (kind) => {
  it('with the development surfaces off (a JWT secret of its own), nothing listens', async () => {
    const s = await startTestServer(kind, {
      env: { SUPABASE_JWT_SECRET: 'a-secret-of-our-own-'.repeat(3) },
      smtpPort: 55612,
    });
    try {
      expect(s.smtp).toBeNull();
      await expect(refused(55612)).resolves.toBe(true);
    } finally {
      await s.stop();
    }
  });

  it('with [local_smtp] enabled = false', async () => {
    const s = await startTestServer(kind, {
      config: fromToml({ local_smtp: { enabled: false } }),
      smtpPort: 55613,
    });
    try {
      expect(s.smtp).toBeNull();
      await expect(refused(55613)).resolves.toBe(true);
    } finally {
      await s.stop();
    }
  });

  it('reads [local_smtp] / [inbucket] smtp_port (default 54325)', () => {
    expect(fromToml({}).localSmtp.smtpPort).toBe(54325);
    expect(fromToml({ inbucket: { smtp_port: 2500 } }).localSmtp.smtpPort).toBe(2500);
    expect(
      fromToml({ local_smtp: { smtp_port: 2600 }, inbucket: { smtp_port: 2500 } }).localSmtp.smtpPort,
    ).toBe(2600);
    expect(
      fromToml({ auth: { email: { smtp: { enabled: false, host: 'smtp.example.com' } } } }).auth.email.smtp,
    ).toBeNull();
    expect(
      fromToml({ auth: { email: { smtp: { host: 'smtp.example.com' } } } }).auth.email.smtp,
    ).toMatchObject({
      host: 'smtp.example.com',
      port: 587,
    });
  });
});

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });
}

describe('mail: the listener is loopback only', () => {
  it('refuses another host', async () => {
    const { startSmtpListener } = await import('../src/mail/smtp.ts');
    await expect(startSmtpListener({} as never, { port: 0, host: '0.0.0.0' })).rejects.toThrow(
      /loopback only/,
    );
  });
});
