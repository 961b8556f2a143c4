/**
 * GET /mailbox (the page), GET /mailbox/messages.json (`?to=`, `?limit=`), DELETE /mailbox/messages
 * (tests start clean). No key needed: the page is opened from a browser, as `supabase start`'s
 * Inbucket is; it only ever holds local test mail.
 */
import type { Handler } from '../context.ts';
import { html, json } from '../http.ts';
import { clearMail, listMail, mailboxPage } from '../mailbox.ts';

export const mailboxHtml: Handler = async (req, ctx) => {
  const to = req.query.get('to');
  return html(mailboxPage(await listMail(ctx.db, { to, limit: 200 }), to, req.baseUrl));
};

export const mailboxJson: Handler = async (req, ctx) => {
  const limit = Number(req.query.get('limit') ?? 100);
  const messages = await listMail(ctx.db, {
    to: req.query.get('to'),
    limit: Number.isFinite(limit) ? limit : 100,
  });
  return json({ messages }, 200, { 'Cache-Control': 'no-store' });
};

export const mailboxClear: Handler = async (_req, ctx) => {
  await clearMail(ctx.db);
  return { status: 204 };
};
