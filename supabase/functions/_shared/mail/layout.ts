// The one look every FurniCraft mail has (order mails rendered by notify-dispatch, and the Auth mails
// generated into supabase/templates/ by scripts/mail-templates.ts): a 600 px table layout with inline
// styles (mail clients drop <style> and external CSS), the store's name at the top, and the contact
// footer. Everything passed in as `…Html` is already HTML: callers escape what customers wrote.

export const BRAND = {
  name: 'FurniCraft',
  tagline: 'Furniture crafted for Indian homes',
  /** the storefront's warm brown (Tailwind amber-800), on stone backgrounds */
  accent: '#92400e',
  ink: '#1c1917',
  muted: '#57534e',
  line: '#e7e5e4',
  page: '#f5f5f4',
} as const;

export interface LayoutParts {
  /** the mail's title (<title>) */
  title: string;
  /** the grey line inbox lists show beside the subject (plain text, escaped here) */
  preheader: string;
  /** the main content (HTML) */
  bodyHtml: string;
  /** the footer's contact lines (HTML) */
  footerHtml: string;
}

/** A complete HTML document. Long words (names, addresses, links) wrap rather than widen the mail. */
export function layout(p: LayoutParts): string {
  const esc = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${esc(p.title)}</title>
</head>
<body style="margin:0;padding:0;background:${BRAND.page};color:${BRAND.ink};font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${esc(p.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${BRAND.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background:#ffffff;border:1px solid ${BRAND.line};border-radius:12px;table-layout:fixed;">
<tr><td style="padding:20px 24px;border-bottom:3px solid ${BRAND.accent};">
<div style="font-size:22px;font-weight:bold;color:${BRAND.accent};">${BRAND.name}</div>
<div style="font-size:12px;color:${BRAND.muted};">${BRAND.tagline}</div>
</td></tr>
<tr><td style="padding:24px;word-break:break-word;overflow-wrap:anywhere;">
${p.bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${BRAND.line};font-size:12px;color:${BRAND.muted};word-break:break-word;overflow-wrap:anywhere;">
${p.footerHtml}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** A call-to-action button (a link styled as one; `href` and `label` are HTML already). */
export function buttonHtml(hrefHtml: string, labelHtml: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:20px 0;"><tr><td style="background:${BRAND.accent};border-radius:8px;"><a href="${hrefHtml}" style="display:inline-block;padding:12px 22px;color:#ffffff;font-weight:bold;text-decoration:none;">${labelHtml}</a></td></tr></table>`;
}
