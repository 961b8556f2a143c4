/**
 * The mailbox pages a developer opens (what Inbucket/Mailpit's web UI is to `supabase start`):
 * the list (newest first: recipient, subject, time) and one message (its headers, its HTML in a
 * sandboxed iframe from `srcdoc`, its text part). Server-rendered, no script, no CDN; everything
 * from a message is escaped, and the HTML part runs under a CSP without scripts.
 */
import { escapeHtml, type StoredMail, type StoredMailWithHeaders } from './mailbox.ts';

/** The pages' own policy: no script anywhere; the mail's pictures may load (http, https, data). */
export const MAILBOX_CSP =
  "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; " +
  "font-src data:; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** Set inside the iframe's document too, so a mail's HTML cannot run script even if opened alone. */
const FRAME_CSP =
  "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; font-src data:";

const STYLE = `<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1c1c1c; }
  .note { background: #fff4d6; border: 1px solid #e0b000; padding: .5rem .75rem; border-radius: 6px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
  td.when { white-space: nowrap; color: #555; font-size: 13px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; word-break: break-all; }
  iframe { width: 100%; height: 32rem; border: 1px solid #ccc; border-radius: 6px; background: #fff; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: .75rem; border-radius: 6px; }
  .link { word-break: break-all; font-size: 13px; }
  a { color: #0645ad; }
</style>`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · supabase-local</title>
${STYLE}</head>
<body>
${body}
</body></html>`;
}

/** The list: every message, newest first; `?to=` shows one recipient's. */
export function mailboxListPage(messages: StoredMail[], to: string | null, baseUrl: string): string {
  const base = escapeHtml(baseUrl);
  const rows = messages
    .map(
      (m) => `<tr>
  <td><a href="${base}/mailbox?to=${escapeHtml(encodeURIComponent(m.to))}">${escapeHtml(m.to)}</a></td>
  <td><a href="${base}/mailbox/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td>
  <td class="when"><time datetime="${escapeHtml(m.sent_at)}">${escapeHtml(m.sent_at)}</time></td>
</tr>`,
    )
    .join('\n');
  const json = `${base}/mailbox/messages.json${to ? `?to=${escapeHtml(encodeURIComponent(to))}` : ''}`;
  return layout(
    'Mailbox',
    `<h1>Mailbox</h1>
<p class="note">Local mailbox of supabase-local (development only): every message sent to its SMTP
listener — Auth's sign-up, recovery and email-change mail, and the store's own — is kept here instead of
being delivered.
${to ? `Showing mail to <strong>${escapeHtml(to)}</strong> · <a href="${base}/mailbox">all mail</a> ·` : ''}
<a href="${json}">JSON</a></p>
${
  rows
    ? `<table><thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Received</th></tr></thead>
<tbody>
${rows}
</tbody></table>`
    : '<p>No mail yet.</p>'
}`,
  );
}

/** One message: headers, the HTML part sandboxed (no scripts; links open in a new tab), the text part. */
export function mailboxMessagePage(m: StoredMailWithHeaders, baseUrl: string): string {
  const base = escapeHtml(baseUrl);
  const frameDoc =
    `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}"><base target="_blank"></head>` +
    `<body>${m.html}</body></html>`;
  const field = (name: string, value: string | number | null) =>
    value === null || value === '' ? '' : `<dt>${name}</dt><dd>${escapeHtml(String(value))}</dd>`;
  return layout(
    m.subject || 'Message',
    `<p><a href="${base}/mailbox">← All mail</a> · <a href="${base}/mailbox?to=${escapeHtml(encodeURIComponent(m.to))}">mail to ${escapeHtml(m.to)}</a></p>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<dl>
${field('From', m.from)}${field('To', m.to)}${field('Subject', m.subject)}${field('Date', m.date)}${field('Received', m.sent_at)}${field('Message-ID', m.message_id)}${field('Size', m.size === null ? null : `${m.size} bytes`)}
</dl>
${m.action_url ? `<p class="link">Link in this mail: <a href="${escapeHtml(m.action_url)}">${escapeHtml(m.action_url)}</a></p>` : ''}
<h2>HTML</h2>
${
  m.html
    ? `<iframe title="The message's HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(frameDoc)}"></iframe>`
    : '<p>No HTML part.</p>'
}
<h2>Text</h2>
${m.text ? `<pre>${escapeHtml(m.text)}</pre>` : '<p>No text part.</p>'}
<details><summary>Headers</summary>
<pre>${escapeHtml(m.header_lines.join('\n'))}</pre>
</details>`,
  );
}
