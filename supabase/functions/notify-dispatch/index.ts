// notify-dispatch: drains public.notification_outbox (issue 15). pg_cron calls it every minute through
// pg_net with the project's secret key (migration 20261124140100; locally supabase-local's scheduler);
// staff's Resend and a manual `curl` call it the same way. It:
//
// 1. answers only a caller holding the project's secret key (sb_secret_… or the legacy service_role
//    JWT; `Authorization: Bearer <key>` or `apikey: <key>`), compared in constant time: 401 otherwise.
//    config.toml sets verify_jwt = false: a secret key is not a JWT the platform would accept;
// 2. checks its SMTP secrets before touching the outbox: a missing one is a 500 naming it, nothing claimed;
// 3. claims due rows (claim_notifications: FOR UPDATE SKIP LOCKED, leased) in small batches while its
//    time budget lasts, renders each (../_shared/mail), and sends them one after another over SMTP
//    (nodemailer, implicit TLS on 465 by default: hosted Edge Functions may not connect to ports 25 and
//    587, docs: Edge Functions → Limits);
// 4. marks each row sent with the SMTP server's reply (which carries the provider's id for the message),
//    or failed with the SMTP error (retried with backoff, dead after max_attempts).
//
// The Message-ID is derived from the row's dedupe key, so if the function dies between the provider's
// 250 and complete_notification, the row is sent again after its lease with the same Message-ID and the
// provider or the recipient's mailbox can tell it is the same mail.
//
// Besides the order mails, 'back_in_stock' (issue 16): a row with no order (order_id null), rendered
// from its payload alone.
//
// POST /functions/v1/notify-dispatch  → 200 {sent, failed} (a confirmation whose order was cancelled
// first is set 'suppressed' by claim_notifications itself and never reaches this function)
import nodemailer from 'npm:nodemailer@10.6.1';
import {
  BACK_IN_STOCK_EVENT,
  readBackInStockPayload,
  renderBackInStockMail,
} from '../_shared/mail/back-in-stock.ts';
import {
  isOrderEvent,
  readOrderMailPayload,
  renderOrderMail,
  type RenderedMail,
  type StoreContext,
} from '../_shared/mail/orders.ts';
import { holdsSecretKey } from '../_shared/secret-key.ts';
import { adminClient, failed, type Tables } from '../_shared/supabase.ts';

type Outbox = Tables<'notification_outbox'>;

const reply = (status: number, body: unknown) => Response.json(body, { status });

interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  from: string;
  siteUrl: string;
  supportEmail: string | undefined;
  supportPhone: string | undefined;
}

const REQUIRED = ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'MAIL_FROM', 'STORE_SITE_URL'] as const;

/** The SMTP secrets, or the names of those missing. */
function smtpSettings(): SmtpSettings | { missing: string[] } {
  const get = (n: string) => Deno.env.get(n)?.trim() || undefined;
  const missing: string[] = REQUIRED.filter((n) => !get(n));
  const port = Number(get('SMTP_PORT'));
  if (get('SMTP_PORT') && !(Number.isInteger(port) && port > 0 && port < 65536))
    missing.push('SMTP_PORT (a port number)');
  if (missing.length) return { missing };
  const secure = get('SMTP_SECURE');
  return {
    host: get('SMTP_HOST')!,
    port,
    // implicit TLS (SMTPS) unless told otherwise; false only for a local relay or mailbox
    secure: secure === undefined ? port === 465 : !/^(false|0|no)$/i.test(secure),
    user: get('SMTP_USER')!,
    pass: get('SMTP_PASS')!,
    from: get('MAIL_FROM')!,
    siteUrl: get('STORE_SITE_URL')!.replace(/\/+$/, ''),
    supportEmail: get('STORE_SUPPORT_EMAIL'),
    supportPhone: get('STORE_SUPPORT_PHONE'),
  };
}

/** <order_placed.3f…@furnicraft.in>: the same row always gets the same Message-ID. */
export function messageIdOf(dedupeKey: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'furnicraft.invalid';
  return `<${dedupeKey.replace(/[^A-Za-z0-9._-]/g, '.')}@${domain}>`;
}

/** A refusal from the server (4xx/5xx) is about this mail; anything else means the server is unreachable. */
const unreachable = (e: unknown) => {
  const err = e as { responseCode?: number; code?: string };
  return (
    !err.responseCode &&
    ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ETLS'].includes(err.code ?? '')
  );
};

const errorText = (e: unknown) => {
  const err = e as { message?: string; code?: string };
  return `${err.code ? `${err.code}: ` : ''}${err.message ?? String(e)}`.slice(0, 1000);
};

/** The mail for a row, or null when no template knows its event; throws when the payload does not fit. */
function renderRow(row: Outbox, ctx: StoreContext): RenderedMail | null {
  const event = row.event;
  if (isOrderEvent(event)) return renderOrderMail(event, readOrderMailPayload(row.payload), ctx);
  if (event === BACK_IN_STOCK_EVENT) return renderBackInStockMail(readBackInStockPayload(row.payload), ctx);
  return null;
}

const BATCH = 10;
const LEASE_SECONDS = 300;
/** claim no further batch after this long (pg_net waits 55 s; the platform's idle timeout is 150 s) */
const BUDGET_MS = Number(Deno.env.get('NOTIFY_BUDGET_MS')) || 40_000;

Deno.serve(async (req) => {
  if (req.method !== 'POST') return reply(405, { error: 'Use POST.' });
  if (!(await holdsSecretKey(req)))
    return reply(401, { error: 'This function answers only the project’s secret key.' });
  const smtp = smtpSettings();
  if ('missing' in smtp) {
    return reply(500, {
      error: `notify-dispatch is not configured: set the secret(s) ${smtp.missing.join(', ')}.`,
    });
  }

  const started = Date.now();
  const db = adminClient();
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: { user: smtp.user, pass: smtp.pass },
    pool: true,
    maxConnections: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const counts = { sent: 0, failed: 0 };

  const fail = async (row: Outbox, error: string) => {
    const { error: e } = await db.rpc('fail_notification', { id: row.id, error });
    if (e) throw failed(`Marking notification ${row.id} failed`, e);
    counts.failed++;
  };

  try {
    let down: string | null = null;
    // the first batch always; another only while the budget lasts and the last one was full
    for (let first = true; first || (!down && Date.now() - started < BUDGET_MS); first = false) {
      const { data: rows, error } = await db.rpc('claim_notifications', {
        max_rows: BATCH,
        lease_seconds: LEASE_SECONDS,
      });
      if (error) throw failed('Claiming notifications', error);
      if (!rows.length) break;
      for (const row of rows) {
        // the server is down: the rest of the batch fails with the same error (retried with backoff)
        if (down) {
          await fail(row, down);
          continue;
        }
        let mail;
        try {
          mail = renderRow(row, {
            siteUrl: smtp.siteUrl,
            supportEmail: smtp.supportEmail,
            supportPhone: smtp.supportPhone,
          });
        } catch (e) {
          await fail(row, `Rendering failed: ${errorText(e)}`);
          continue;
        }
        if (!mail) {
          await fail(row, `No template for the event ${row.event}`);
          continue;
        }
        let info;
        try {
          info = await transport.sendMail({
            from: smtp.from,
            to: row.recipient,
            ...(smtp.supportEmail ? { replyTo: smtp.supportEmail } : {}),
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            messageId: messageIdOf(row.dedupe_key, smtp.from),
            headers: { 'X-FurniCraft-Event': row.event },
          });
        } catch (e) {
          if (unreachable(e)) down = errorText(e);
          await fail(row, errorText(e));
          continue;
        }
        const providerId = (info.response || info.messageId || '').slice(0, 300);
        const { error: e } = await db.rpc('complete_notification', { id: row.id, provider_id: providerId });
        if (e) throw failed(`Marking notification ${row.id} sent`, e);
        counts.sent++;
      }
      if (rows.length < BATCH) break;
    }
  } finally {
    transport.close();
  }
  return reply(200, counts);
});
