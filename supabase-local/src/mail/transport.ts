/**
 * How Auth's mail leaves, as GoTrue's mailer does under `supabase start` or on a hosted project:
 * - `[auth.email.smtp]` configured (enabled, with a host): real SMTP to that server (nodemailer),
 *   from `admin_email` / `sender_name`;
 * - otherwise, with the local SMTP listener running (development): SMTP to it, as the CLI's GoTrue
 *   sends to Inbucket/Mailpit; these messages also carry Auth's metadata in X-Supabase-Local-*
 *   headers for the mailbox's JSON API (never sent to a real server);
 * - otherwise (development surfaces off and no SMTP server): kept in the mailbox table directly,
 *   which nothing serves (GoTrue without an SMTP host drops the mail with its no-op mailer).
 * A failed send throws; Auth answers GoTrue's 500 ("Error sending confirmation email").
 */
import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import { storeMail, type MailKind, type MailMeta } from './mailbox.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  meta: MailMeta;
}

export interface MailTransport {
  /** 'smtp://host:port' or 'mailbox table' (for logs and the banner) */
  readonly description: string;
  /** `q` is the sender's transaction (used only when the mail is kept in the table directly) */
  send(q: Queryable, mail: OutgoingMail, now: Date): Promise<void>;
  close(): void;
}

/** Where the local listener is (`host` is always loopback). */
export interface LocalSmtp {
  host: string;
  port: number;
  /** [local_smtp] admin_email / sender_name: the From of Auth's mail locally */
  adminEmail: string;
  senderName: string;
}

const KINDS = ['signup', 'recovery', 'magiclink', 'email_change', 'invite', 'reauthentication'] as const;

const META_HEADERS: Record<keyof MailMeta, string> = {
  kind: 'X-Supabase-Local-Kind',
  actionUrl: 'X-Supabase-Local-Action-Url',
  otp: 'X-Supabase-Local-Otp',
  tokenHash: 'X-Supabase-Local-Token-Hash',
  redirectTo: 'X-Supabase-Local-Redirect-To',
  userId: 'X-Supabase-Local-User-Id',
};

/** Auth's metadata from a received message's headers (lower-cased names, as mailparser gives them). */
export function metaFromHeaders(get: (name: string) => string | undefined): MailMeta {
  const read = (k: keyof MailMeta) => {
    const v = get(META_HEADERS[k].toLowerCase())?.trim();
    return v ? v : null;
  };
  const kind = read('kind');
  return {
    kind: kind && (KINDS as readonly string[]).includes(kind) ? (kind as MailKind) : null,
    actionUrl: read('actionUrl'),
    otp: read('otp'),
    tokenHash: read('tokenHash'),
    redirectTo: read('redirectTo'),
    userId: read('userId'),
  };
}

function smtpTransport(
  target: { host: string; port: number; user?: string; pass?: string; secure: boolean; local: boolean },
  from: { address: string; name: string },
): MailTransport {
  const transporter = nodemailer.createTransport({
    // locally, one kept-open connection: smtp-server waits 100 ms before each greeting (early-talker check)
    pool: target.local,
    maxConnections: 1,
    host: target.host,
    port: target.port,
    secure: target.secure,
    // the local listener offers no STARTTLS (as Inbucket); a real server's is used when offered
    ignoreTLS: target.local,
    auth: target.user ? { user: target.user, pass: target.pass ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    description: `smtp://${target.host}:${target.port}`,
    async send(_q, mail) {
      const headers: Record<string, string> = {};
      if (target.local) {
        for (const [k, name] of Object.entries(META_HEADERS) as [keyof MailMeta, string][]) {
          const v = mail.meta[k];
          if (v) headers[name] = v;
        }
      }
      await transporter.sendMail({
        from: { address: from.address, name: from.name },
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers,
      });
    },
    close: () => transporter.close(),
  };
}

/** The transport Auth uses (see the module comment for the order). */
export function authMailTransport(custom: SmtpConfig | null, local: LocalSmtp | null): MailTransport {
  if (custom) {
    return smtpTransport(
      {
        host: custom.host,
        port: custom.port,
        user: custom.user,
        pass: custom.pass,
        // GoTrue's mailer: implicit TLS on 465, STARTTLS when the server offers it elsewhere
        secure: custom.port === 465,
        local: false,
      },
      { address: custom.adminEmail, name: custom.senderName },
    );
  }
  if (local) {
    return smtpTransport(
      { host: local.host, port: local.port, secure: false, local: true },
      { address: local.adminEmail, name: local.senderName },
    );
  }
  return {
    description: 'mailbox table (no SMTP server)',
    async send(q, mail, now) {
      await storeMail(
        q,
        { recipient: mail.to, subject: mail.subject, html: mail.html, text: mail.text, ...mail.meta },
        now,
      );
    },
    close() {},
  };
}
