import type { Page } from '@playwright/test';

/**
 * The site is served with a Content-Security-Policy (supabase-local/src/security-headers.ts): the
 * pages must work under it, so any `securitypolicyviolation` (a blocked script, style, image, frame
 * or request) fails the journey, as does a CSP message in the console.
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ...console,
  ];
}
