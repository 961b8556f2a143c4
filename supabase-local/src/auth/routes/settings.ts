/**
 * GET /settings (what auth-js and apps read to know which sign-in methods exist) and GET /health,
 * in GoTrue's shapes (internal/api/settings.go, api.go).
 */
import type { Handler } from '../context.ts';
import { json } from '../http.ts';

const EXTERNAL = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
] as const;

export const settings: Handler = async (_req, { settings: s }) => {
  const enabled: Record<string, boolean> = {
    anonymous_users: s.anonymousSignIns,
    email: s.emailEnabled,
    google: s.providers.google,
    github: s.providers.github,
  };
  return json({
    external: Object.fromEntries(EXTERNAL.map((p) => [p, enabled[p] ?? false])),
    disable_signup: s.disableSignup,
    mailer_autoconfirm: s.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
};

export const health: Handler = async () =>
  json({
    version: 'supabase-local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
