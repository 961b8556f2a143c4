/**
 * Zod 4 decides whether to compile its object parsers by probing `new Function('')`; under the site's
 * Content-Security-Policy (no 'unsafe-eval') the probe is blocked and reported as a violation on
 * every page that validates a form. Jitless parsing is what it then falls back to anyway, so say it
 * up front. Zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of zod),
 * so this sets them without loading zod into the entry chunk (it stays in the form pages' chunks).
 * The storefront's and the admin's main.tsx import this first; it works whether zod has loaded already
 * or not.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((scope.__zod_globalConfig ??= {}), { jitless: true });

export {};
