/**
 * The mail GoTrue sends and the token state behind it (internal/api/mail.go): a one-time code per
 * message, its hash (sha224 of address + code, `pkce_`-prefixed in PKCE flows) in the user's
 * *_token column and in auth.one_time_tokens, and the link `/verify?token=<hash>&type=…&redirect_to=…`.
 * Messages leave through a transport (../mail/transport.ts): `[auth.email.smtp]` when configured,
 * else SMTP to the local listener (the mailbox), as the CLI's GoTrue sends to Inbucket. A send that
 * fails is GoTrue's 500 unexpected_failure ("Error sending confirmation email", …), inside the
 * caller's transaction, so nothing of the request is kept. max_frequency limits how often one user
 * gets one kind.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { escapeHtml, type MailKind, type MailMeta } from '../mail/mailbox.ts';
import type { MailTransport } from '../mail/transport.ts';
import { internalError, tooManyRequests } from './errors.ts';
import { renderMailTemplate, type AuthSettings } from './options.ts';
import { updateUser, type UserRow } from './users.ts';

export type Flow = 'pkce' | 'implicit';

type TokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';

export const tokenHash = (address: string, otp: string) =>
  createHash('sha224')
    .update(address + otp)
    .digest('hex');

function otpCode(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(randomInt(10));
  return s;
}

const SUBJECTS: Record<MailKind, string> = {
  signup: 'Confirm your email address',
  recovery: 'Reset your password',
  magiclink: 'Your sign-in link',
  email_change: 'Confirm your new email address',
  invite: "You've been invited",
  reauthentication: 'Confirm reauthentication',
};

const ACTIONS: Record<Exclude<MailKind, 'reauthentication'>, { intro: string; button: string }> = {
  signup: { intro: 'Follow this link to confirm your email address:', button: 'Confirm your email address' },
  recovery: { intro: 'Follow this link to reset the password for your account:', button: 'Reset password' },
  magiclink: { intro: 'Follow this link to sign in:', button: 'Sign in' },
  email_change: {
    intro: 'Follow this link to confirm the change of your email address:',
    button: 'Change email address',
  },
  invite: {
    intro: 'You have been invited to create an account. Follow this link to accept:',
    button: 'Accept the invite',
  },
};

/** GoTrue's answers when its mailer fails (signup.go, recover.go, magic_link.go, invite.go, user.go, reauthenticate.go). */
const SEND_ERRORS: Record<MailKind, string> = {
  signup: 'Error sending confirmation email',
  recovery: 'Error sending recovery email',
  magiclink: 'Error sending magic link email',
  email_change: 'Error sending change email',
  invite: 'Error sending invite email',
  reauthentication: 'Error sending reauthentication email',
};

export function createMailer(settings: AuthSettings, now: () => Date, transport: MailTransport) {
  async function send(
    q: Queryable,
    mail: { to: string; subject: string; html: string; text: string; meta: MailMeta & { kind: MailKind } },
  ): Promise<void> {
    try {
      await transport.send(q, mail, now());
    } catch (e) {
      throw internalError(SEND_ERRORS[mail.meta.kind], e);
    }
  }

  function checkFrequency(sentAt: Date | null): void {
    if (!sentAt) return;
    const until = new Date(sentAt).getTime() + settings.maxFrequencyMs;
    const t = now().getTime();
    if (until > t) {
      const left = Math.floor((until - t) / 1000);
      throw tooManyRequests(
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${left} seconds.`,
      );
    }
  }

  async function saveOneTimeToken(
    q: Queryable,
    userId: string,
    type: TokenType,
    hash: string,
    relatesTo: string,
  ) {
    await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
    await q.query(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4, $5)`,
      [randomUUID(), userId, type, hash, relatesTo.toLowerCase()],
    );
  }

  /** The configured template's subject and HTML for this mail, or null to send GoTrue's own. */
  function templated(kind: MailKind, vars: Record<string, string>): { subject: string; html: string } | null {
    const t = settings.templates[kind];
    if (!t?.content) return null;
    const all = { SiteURL: settings.siteUrl, Data: '', ...vars };
    return {
      subject: renderMailTemplate(t.subject ?? SUBJECTS[kind], all, (v) => v),
      html: renderMailTemplate(t.content, all, escapeHtml),
    };
  }

  async function deliver(
    q: Queryable,
    kind: Exclude<MailKind, 'reauthentication'>,
    to: string,
    user: UserRow,
    otp: string,
    hash: string,
    redirectTo: string,
    baseUrl: string,
    newEmail = '',
  ) {
    const url = `${baseUrl}/verify?token=${encodeURIComponent(hash)}&type=${kind}&redirect_to=${encodeURIComponent(redirectTo)}`;
    const { intro, button } = ACTIONS[kind];
    const mail = templated(kind, {
      ConfirmationURL: url,
      Token: otp,
      TokenHash: hash,
      RedirectTo: redirectTo,
      Email: user.email ?? to,
      NewEmail: newEmail,
    }) ?? {
      subject: SUBJECTS[kind],
      html:
        `<h2>${escapeHtml(SUBJECTS[kind])}</h2>\n<p>${escapeHtml(intro)}</p>\n` +
        `<p><a href="${escapeHtml(url)}">${escapeHtml(button)}</a></p>\n` +
        `<p>Alternatively, enter the code: <code>${otp}</code></p>`,
    };
    const text = `${mail.subject}\n\n${intro}\n${url}\n\nAlternatively, enter the code: ${otp}\n`;
    await send(q, {
      to,
      subject: mail.subject,
      html: mail.html,
      text,
      meta: { kind, actionUrl: url, otp, tokenHash: hash, redirectTo, userId: user.id },
    });
  }

  const withFlow = (hash: string, flow: Flow) => (flow === 'pkce' ? `pkce_${hash}` : hash);

  /** GoTrue's sendReauthenticationOtp: a code only (no link), entered as `nonce` in PUT /user. */
  async function sendReauthentication(q: Queryable, user: UserRow): Promise<UserRow> {
    checkFrequency(user.reauthentication_sent_at);
    const email = user.email ?? '';
    const otp = otpCode(settings.otpLength);
    const hash = tokenHash(email, otp);
    const mail = templated('reauthentication', { Token: otp, TokenHash: hash, Email: email }) ?? {
      subject: SUBJECTS.reauthentication,
      html: `<h2>${escapeHtml(SUBJECTS.reauthentication)}</h2>\n<p>Enter the code: <code>${otp}</code></p>`,
    };
    await send(q, {
      to: email,
      subject: mail.subject,
      html: mail.html,
      text: `${mail.subject}\n\nEnter the code: ${otp}\n`,
      meta: {
        kind: 'reauthentication',
        actionUrl: null,
        otp,
        tokenHash: hash,
        redirectTo: null,
        userId: user.id,
      },
    });
    const row = await updateUser(
      q,
      user.id,
      { reauthentication_token: hash, reauthentication_sent_at: now() },
      now(),
    );
    await saveOneTimeToken(q, user.id, 'reauthentication_token', hash, email);
    return row;
  }

  return {
    sendReauthentication,
    /** Sign-up confirmation (GoTrue's sendConfirmation). */
    async sendConfirmation(
      q: Queryable,
      user: UserRow,
      flow: Flow,
      redirectTo: string,
      baseUrl: string,
    ): Promise<UserRow> {
      checkFrequency(user.confirmation_sent_at);
      const email = user.email ?? '';
      const otp = otpCode(settings.otpLength);
      const hash = withFlow(tokenHash(email, otp), flow);
      await deliver(q, 'signup', email, user, otp, hash, redirectTo, baseUrl);
      const row = await updateUser(
        q,
        user.id,
        { confirmation_token: hash, confirmation_sent_at: now() },
        now(),
      );
      await saveOneTimeToken(q, user.id, 'confirmation_token', hash, email);
      return row;
    },

    /**
     * An invitation (GoTrue's sendInvite): the link verifies with type=invite and confirms the
     * address. Always the implicit flow, and no max_frequency check: only the service role invites.
     */
    async sendInvite(q: Queryable, user: UserRow, redirectTo: string, baseUrl: string): Promise<UserRow> {
      const email = user.email ?? '';
      const otp = otpCode(settings.otpLength);
      const hash = tokenHash(email, otp);
      await deliver(q, 'invite', email, user, otp, hash, redirectTo, baseUrl);
      const t = now();
      const row = await updateUser(
        q,
        user.id,
        { confirmation_token: hash, confirmation_sent_at: t, invited_at: t },
        t,
      );
      await saveOneTimeToken(q, user.id, 'confirmation_token', hash, email);
      return row;
    },

    /** Password recovery, or a magic link (same token column, different mail and verify type). */
    async sendRecovery(
      q: Queryable,
      user: UserRow,
      kind: 'recovery' | 'magiclink',
      flow: Flow,
      redirectTo: string,
      baseUrl: string,
    ) {
      checkFrequency(user.recovery_sent_at);
      const email = user.email ?? '';
      const otp = otpCode(settings.otpLength);
      const hash = withFlow(tokenHash(email, otp), flow);
      await deliver(q, kind, email, user, otp, hash, redirectTo, baseUrl);
      const row = await updateUser(q, user.id, { recovery_token: hash, recovery_sent_at: now() }, now());
      await saveOneTimeToken(q, user.id, 'recovery_token', hash, email);
      return row;
    },

    /**
     * Email change: a link to the new address and, with double_confirm_changes (GoTrue's secure
     * email change), another to the current one; both must be followed.
     */
    async sendEmailChange(
      q: Queryable,
      user: UserRow,
      newEmail: string,
      flow: Flow,
      redirectTo: string,
      baseUrl: string,
    ) {
      checkFrequency(user.email_change_sent_at);
      const otpNew = otpCode(settings.otpLength);
      const hashNew = withFlow(tokenHash(newEmail, otpNew), flow);
      let hashCurrent = '';
      const current = user.email ?? '';
      await deliver(q, 'email_change', newEmail, user, otpNew, hashNew, redirectTo, baseUrl, newEmail);
      if (settings.secureEmailChange && current) {
        const otpCurrent = otpCode(settings.otpLength);
        hashCurrent = withFlow(tokenHash(current, otpCurrent), flow);
        await deliver(
          q,
          'email_change',
          current,
          user,
          otpCurrent,
          hashCurrent,
          redirectTo,
          baseUrl,
          newEmail,
        );
      }
      const row = await updateUser(
        q,
        user.id,
        {
          email_change: newEmail,
          email_change_token_new: hashNew,
          email_change_token_current: hashCurrent,
          email_change_confirm_status: 0,
          email_change_sent_at: now(),
        },
        now(),
      );
      if (hashCurrent) await saveOneTimeToken(q, user.id, 'email_change_token_current', hashCurrent, current);
      await saveOneTimeToken(q, user.id, 'email_change_token_new', hashNew, newEmail);
      return row;
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
