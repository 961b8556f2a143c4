/**
 * The host configuration of the one built site, from the templates in deploy/ (nginx.conf, Netlify's
 * _headers and _redirects, vercel.json): the {{…}} values a build decides (the Supabase project, the
 * site's address, the Content-Security-Policy with the hashes of the built index.html files) filled
 * in. The CSP comes from supabase-local's security-headers module, the one definition the local web
 * server sends too (docs/security.md).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy, inlineScriptHashes } from 'supabase-local/security-headers.ts';

export const DEPLOY_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'deploy');

/** The host files: template name in deploy/ → where it goes (`site`: the built folder; `deploy`: beside it). */
export const HOST_FILES = {
  'nginx.conf': 'deploy',
  _headers: 'site',
  _redirects: 'site',
  'vercel.json': 'site',
} as const;
export type HostFile = keyof typeof HOST_FILES;

export interface HostValues {
  SUPABASE_URL: string;
  SUPABASE_HOST: string;
  SITE_HOST: string;
  SITE_PROTO: string;
  SERVER_NAME: string;
  LISTEN: string;
  ROOT: string;
  CONTENT_SECURITY_POLICY: string;
}

export interface HostOptions {
  supabaseUrl: string;
  siteUrl: string;
  /** the built site (its index.html files give the CSP's script hashes) */
  siteDir: string;
  /** nginx's `listen` (default 80) */
  listen?: string;
  /** nginx's `root` (default siteDir) */
  root?: string;
}

export function hostValues(o: HostOptions): HostValues {
  const api = new URL(o.supabaseUrl);
  const site = new URL(o.siteUrl);
  const scriptHashes = [
    ...new Set(
      ['index.html', 'admin/index.html'].flatMap((f) =>
        inlineScriptHashes(readFileSync(join(o.siteDir, f), 'utf8')),
      ),
    ),
  ];
  return {
    SUPABASE_URL: api.origin,
    SUPABASE_HOST: api.host,
    SITE_HOST: site.host,
    SITE_PROTO: site.protocol.replace(':', ''),
    SERVER_NAME: site.hostname,
    LISTEN: o.listen ?? '80',
    ROOT: o.root ?? o.siteDir,
    CONTENT_SECURITY_POLICY: contentSecurityPolicy({ apiOrigins: [api.origin], scriptHashes }),
  };
}

/** A template with its {{NAME}} values filled in; an unknown name is an error, not a blank. */
export function renderTemplate(template: string, values: HostValues): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = (values as unknown as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`deploy template: no value for {{${name}}}`);
    if (/["\n\\]/.test(value))
      throw new Error(`deploy template: {{${name}}} holds a quote, backslash or newline`);
    return value;
  });
}

export function renderHostFile(name: HostFile, values: HostValues): string {
  return renderTemplate(readFileSync(join(DEPLOY_DIR, name), 'utf8'), values);
}
