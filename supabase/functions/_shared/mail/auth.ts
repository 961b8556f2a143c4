// The Auth mails (GoTrue sends them, not our function) in the order mails' look: static HTML files
// under supabase/templates/, written by `pnpm exec tsx scripts/mail-templates.ts` from these
// definitions and the shared layout, and named in config.toml [auth.email.template.<type>] (subject,
// content_path), so `supabase config push` gives hosted Supabase the same mails. The files are Go
// templates: GoTrue fills {{ .ConfirmationURL }}, {{ .Token }}, {{ .Email }}, {{ .NewEmail }} and
// {{ .SiteURL }} when it sends them. supabase/tests/functions-notify-templates.test.ts fails when a file
// differs from what these definitions generate.
import { BRAND, buttonHtml, layout } from './layout.ts';

export interface AuthTemplate {
  /** config.toml's [auth.email.template.<type>] */
  type: 'confirmation' | 'recovery' | 'email_change' | 'reauthentication' | 'invite';
  subject: string;
  /** the file under supabase/templates/ */
  file: string;
  html: string;
}

const P = 'margin:0 0 12px;';
const fallbackLink = `<p style="${P}font-size:13px;color:${BRAND.muted};">If the button does not work, copy this link into your browser:<br><a href="{{ .ConfirmationURL }}" style="color:${BRAND.accent};">{{ .ConfirmationURL }}</a></p>`;
const footer = `<p style="margin:0 0 4px;">Did not ask for this? You can ignore this mail; nothing changes on your account.</p>
<p style="margin:0;">${BRAND.name} · <a href="{{ .SiteURL }}/contact" style="color:${BRAND.accent};">Contact us</a></p>`;

const page = (title: string, preheader: string, body: string) =>
  layout({ title, preheader, bodyHtml: body, footerHtml: footer });

export const AUTH_TEMPLATES: AuthTemplate[] = [
  {
    type: 'confirmation',
    subject: 'Confirm your FurniCraft account',
    file: 'confirmation.html',
    html: page(
      'Confirm your FurniCraft account',
      'One click to finish signing up.',
      `<h1 style="margin:0 0 12px;font-size:22px;">Welcome to ${BRAND.name}</h1>
<p style="${P}">Please confirm that {{ .Email }} is your e-mail address to finish creating your account.</p>
${buttonHtml('{{ .ConfirmationURL }}', 'Confirm my e-mail')}
${fallbackLink}`,
    ),
  },
  {
    type: 'recovery',
    subject: 'Reset your FurniCraft password',
    file: 'recovery.html',
    html: page(
      'Reset your FurniCraft password',
      'Choose a new password for your account.',
      `<h1 style="margin:0 0 12px;font-size:22px;">Reset your password</h1>
<p style="${P}">We received a request to reset the password of the ${BRAND.name} account for {{ .Email }}. The link works once and expires in one hour.</p>
${buttonHtml('{{ .ConfirmationURL }}', 'Choose a new password')}
${fallbackLink}`,
    ),
  },
  {
    type: 'email_change',
    subject: 'Confirm your new e-mail address',
    file: 'email_change.html',
    html: page(
      'Confirm your new e-mail address',
      'Confirm the change of your account’s e-mail address.',
      `<h1 style="margin:0 0 12px;font-size:22px;">Confirm your new e-mail address</h1>
<p style="${P}">Your ${BRAND.name} account's e-mail address is changing from {{ .Email }} to {{ .NewEmail }}. Confirm the change with the button below.</p>
${buttonHtml('{{ .ConfirmationURL }}', 'Confirm the change')}
${fallbackLink}`,
    ),
  },
  {
    // an owner invited a staff member (the staff-invite function); the link opens /admin/set-password
    type: 'invite',
    subject: 'You are invited to the FurniCraft admin',
    file: 'invite.html',
    html: page(
      'You are invited to the FurniCraft admin',
      'Set a password to join the store’s staff.',
      `<h1 style="margin:0 0 12px;font-size:22px;">Join the ${BRAND.name} staff</h1>
<p style="${P}">An owner of ${BRAND.name} invited {{ .Email }} to the store's admin. Choose a password to accept; the link works once and expires in one hour.</p>
${buttonHtml('{{ .ConfirmationURL }}', 'Choose my password')}
${fallbackLink}`,
    ),
  },
  {
    type: 'reauthentication',
    subject: 'Your FurniCraft verification code',
    file: 'reauthentication.html',
    html: page(
      'Your FurniCraft verification code',
      'Enter this code to confirm it is you.',
      `<h1 style="margin:0 0 12px;font-size:22px;">Confirm it is you</h1>
<p style="${P}">Enter this code to change your password:</p>
<p style="margin:16px 0;font-size:28px;font-weight:bold;letter-spacing:6px;color:${BRAND.accent};">{{ .Token }}</p>
<p style="${P}font-size:13px;color:${BRAND.muted};">The code expires in one hour.</p>`,
    ),
  },
];
