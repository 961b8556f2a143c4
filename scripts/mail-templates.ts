/**
 * Writes the Auth mail templates (supabase/templates/<type>.html) from
 * supabase/functions/_shared/mail/auth.ts, so GoTrue's mails share the order mails' layout:
 *
 *   pnpm exec tsx scripts/mail-templates.ts          write them
 *   pnpm exec tsx scripts/mail-templates.ts --check  exit 1 when a file differs (CI; the test does too)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { AUTH_TEMPLATES, type AuthTemplate } from '../supabase/functions/_shared/mail/auth.ts';

export const TEMPLATES_DIR = join(import.meta.dirname, '../supabase/templates');

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** A template's file as committed: the generated HTML, formatted as `prettier --check .` wants it. */
export async function templateFile(t: AuthTemplate): Promise<{ path: string; content: string }> {
  const path = join(TEMPLATES_DIR, t.file);
  const options = { ...(await resolveConfig(path)), parser: 'html' };
  // twice: prettier's HTML printer settles some line breaks only on a second pass
  return { path, content: await format(await format(t.html, options), options) };
}

async function main(check: boolean): Promise<number> {
  mkdirSync(TEMPLATES_DIR, { recursive: true });
  let stale = 0;
  for (const t of AUTH_TEMPLATES) {
    const { path, content } = await templateFile(t);
    if (read(path) === content) continue;
    if (check) {
      console.error(
        `${path} differs from supabase/functions/_shared/mail/auth.ts: run scripts/mail-templates.ts`,
      );
      stale++;
    } else {
      writeFileSync(path, content);
      console.log(`wrote ${path}`);
    }
  }
  return stale ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.includes('--check')).then((code) => (process.exitCode = code));
}
