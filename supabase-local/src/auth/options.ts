/**
 * Auth's settings, read from supabase/config.toml the way the Supabase CLI turns that file into
 * GoTrue's environment (GOTRUE_DISABLE_SIGNUP, GOTRUE_MAILER_AUTOCONFIRM, GOTRUE_PASSWORD_MIN_LENGTH, …),
 * so one file means the same thing under `supabase start` and here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT, type SupabaseConfig } from '../config.ts';
import type { MailKind } from '../mail/mailbox.ts';
import { rateLimitsFromConfig, type RateLimits } from './rate-limit.ts';

/** The providers the local provider page stands in for. */
export const LOCAL_PROVIDERS = ['google', 'github'] as const;
export type LocalProvider = (typeof LOCAL_PROVIDERS)[number];

export interface AuthSettings {
  siteUrl: string;
  /** additional_redirect_urls: glob patterns, as GoTrue's URI allow list */
  redirectAllowList: string[];
  jwtExpiry: number;
  jwtIssuer: string;
  jwtSecret: string;
  disableSignup: boolean;
  /** [auth.email] enable_signup: email sign-up and sign-in (GOTRUE_EXTERNAL_EMAIL_ENABLED) */
  emailEnabled: boolean;
  /** no confirmation mail: [auth.email] enable_confirmations = false */
  autoconfirm: boolean;
  /** double_confirm_changes: an email change is confirmed from both addresses */
  secureEmailChange: boolean;
  /**
   * [auth.email] secure_password_change (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION):
   * a password change from a session older than 24 hours needs the nonce /reauthenticate mails
   */
  securePasswordChange: boolean;
  minPasswordLength: number;
  /** each string is a set of characters of which the password must contain one */
  requiredCharacters: string[];
  refreshTokenRotation: boolean;
  /** seconds */
  refreshTokenReuseInterval: number;
  otpLength: number;
  /** seconds */
  otpExpiry: number;
  /** ms between two mails of one kind to one user (max_frequency) */
  maxFrequencyMs: number;
  providers: Record<LocalProvider, boolean>;
  anonymousSignIns: boolean;
  /** seconds a PKCE flow state stays valid (GoTrue's default, 5 minutes) */
  flowStateExpiry: number;
  rateLimits: RateLimits;
  /** [auth.email.template.<type>]: the subject and the HTML (Go template) GoTrue sends instead of its own */
  templates: Partial<Record<MailKind, MailTemplate>>;
}

export interface MailTemplate {
  subject?: string;
  /** the file at content_path, read at start */
  content?: string;
}

/** config.toml's template names (the CLI's GOTRUE_MAILER_TEMPLATES_*) → the mails they replace. */
const TEMPLATE_KINDS: Record<string, MailKind> = {
  confirmation: 'signup',
  recovery: 'recovery',
  magic_link: 'magiclink',
  email_change: 'email_change',
  invite: 'invite',
  reauthentication: 'reauthentication',
};

/**
 * [auth.email.template.<type>] subject and content_path (relative to the project root, as the CLI
 * reads it), the file read now so that a wrong path fails at start, as `supabase start` does.
 */
export function mailTemplates(
  config: SupabaseConfig,
  projectRoot: string = REPO_ROOT,
): Partial<Record<MailKind, MailTemplate>> {
  const email = (config.raw.auth as { email?: { template?: unknown } } | undefined)?.email;
  const tables = email?.template;
  if (!tables || typeof tables !== 'object') return {};
  const out: Partial<Record<MailKind, MailTemplate>> = {};
  for (const [name, t] of Object.entries(
    tables as Record<string, { subject?: unknown; content_path?: unknown }>,
  )) {
    const kind = TEMPLATE_KINDS[name];
    if (!kind || !t || typeof t !== 'object') continue;
    const template: MailTemplate = {};
    if (typeof t.subject === 'string' && t.subject) template.subject = t.subject;
    if (typeof t.content_path === 'string' && t.content_path) {
      const path = resolve(projectRoot, t.content_path);
      try {
        template.content = readFileSync(path, 'utf8');
      } catch (e) {
        throw new Error(
          `[auth.email.template.${name}] content_path: cannot read ${path}: ${(e as Error).message}`,
          {
            cause: e,
          },
        );
      }
    }
    out[kind] = template;
  }
  return out;
}

/** GoTrue's template variables ({{ .ConfirmationURL }}, {{ .Token }}, …), HTML-escaped as html/template does. */
export function renderMailTemplate(
  template: string,
  vars: Record<string, string>,
  escape: (s: string) => string,
): string {
  return template.replace(/\{\{\s*\.([A-Za-z]+)\s*\}\}/g, (_, name: string) => escape(vars[name] ?? ''));
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** password_requirements as the CLI maps it to GOTRUE_PASSWORD_REQUIRED_CHARACTERS. */
function requiredCharacters(requirement: string): string[] {
  switch (requirement) {
    case 'letters_digits':
      return [LOWER + UPPER, DIGITS];
    case 'lower_upper_letters_digits':
      return [LOWER, UPPER, DIGITS];
    case 'lower_upper_letters_digits_symbols':
      return [LOWER, UPPER, DIGITS, SYMBOLS];
    default:
      return [];
  }
}

/** A Go duration ("1s", "1m30s", "500ms", "2h") in ms; a bare number is seconds. */
export function parseDuration(text: string): number {
  const s = text.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s) * 1000;
  const unit: Record<string, number> = {
    h: 3_600_000,
    m: 60_000,
    s: 1000,
    ms: 1,
    us: 0.001,
    µs: 0.001,
    ns: 1e-6,
  };
  let total = 0;
  let rest = s;
  while (rest) {
    const m = /^(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/.exec(rest);
    if (!m) throw new Error(`invalid duration ${JSON.stringify(text)}`);
    total += Number(m[1]) * unit[m[2]!]!;
    rest = rest.slice(m[0].length);
  }
  return total;
}

export function authSettings(
  config: SupabaseConfig,
  jwtSecret: string,
  overrides: Partial<RateLimits> = {},
): AuthSettings {
  const a = config.auth;
  return {
    siteUrl: a.siteUrl,
    redirectAllowList: a.additionalRedirectUrls,
    jwtExpiry: a.jwtExpiry,
    jwtIssuer: `http://127.0.0.1:${config.api.port}/auth/v1`,
    jwtSecret,
    disableSignup: !a.enableSignup,
    emailEnabled: a.email.enableSignup,
    autoconfirm: !a.email.enableConfirmations,
    secureEmailChange: a.email.doubleConfirmChanges,
    securePasswordChange: a.email.securePasswordChange,
    minPasswordLength: a.minimumPasswordLength,
    requiredCharacters: requiredCharacters(a.passwordRequirements),
    refreshTokenRotation: a.enableRefreshTokenRotation,
    refreshTokenReuseInterval: a.refreshTokenReuseInterval,
    otpLength: a.email.otpLength,
    otpExpiry: a.email.otpExpiry,
    maxFrequencyMs: parseDuration(a.email.maxFrequency || '1s'),
    providers: {
      google: a.external.google?.enabled ?? false,
      github: a.external.github?.enabled ?? false,
    },
    anonymousSignIns: a.enableAnonymousSignIns,
    flowStateExpiry: 300,
    rateLimits: rateLimitsFromConfig(config, overrides),
    templates: mailTemplates(config),
  };
}
