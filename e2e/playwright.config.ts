import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * The journeys run against the built apps (storefront/dist, admin/dist) served by supabase-local on
 * one origin, over a throwaway in-memory database. See README.md for why the API stays on 54321.
 */
const WEB_PORT = process.env.E2E_WEB_PORT ?? '3100';
const SUPABASE_PORT = process.env.E2E_SUPABASE_PORT ?? '54321';
/** supabase-local's SMTP listener (its mailbox), where notify-dispatch sends the order e-mails. */
const SMTP_PORT = process.env.E2E_SMTP_PORT ?? '54325';
const baseURL = `http://127.0.0.1:${WEB_PORT}`;

const root = fileURLToPath(new URL('..', import.meta.url));

/** The production stack's site (prod/support/stack.ts): a name Chromium maps to 127.0.0.1. */
const PROD_SITE_URL = `https://furnicraft.test:${process.env.E2E_PROD_SITE_PORT ?? '55480'}`;
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
for (const app of ['storefront', 'admin']) {
  if (!existsSync(`${root}${app}/dist/index.html`)) {
    throw new Error(
      `${app}/dist is missing: run \`pnpm build\` at the repository root before the e2e tests.`,
    );
  }
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Two cores: one browser at a time keeps the server and PGlite responsive.
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    headless: true,
    // The system's Chromium (apt): `playwright install` downloads are not available here.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  // Every journey at a desktop width; the shopper's journeys again on a 360 px phone (touch, mobile
  // viewport), where the header's links live in the menu (tests/support/header.ts).
  projects: [
    {
      name: 'desktop',
      testIgnore: /(^|[\\/])phone-[^\\/]*\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      // the admin console is a desk tool (react-admin's own layout), and keyboard journeys need a
      // keyboard: these run at desktop width only
      testIgnore: /(^|[\\/])(admin|keyboard)-[^\\/]*\.spec\.ts$/,
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    {
      // The store as deployed (prod/): `pnpm build:site` with production variables, Debian's nginx
      // with deploy/nginx.conf, supabase-local with its own keys; its servers start in the tests'
      // worker (prod/support/fixtures.ts), not in webServer below.
      name: 'prod',
      testDir: './prod',
      timeout: 60_000,
      use: {
        baseURL: PROD_SITE_URL,
        ignoreHTTPSErrors: true,
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          // furnicraft.test is 127.0.0.1 (its TLS certificate is made for the run: ignoreHTTPSErrors)
          args: [...chromiumArgs, '--host-resolver-rules=MAP furnicraft.test 127.0.0.1'],
        },
      },
    },
  ],
  webServer: {
    // as `npm start` runs it: the bundle of supabase-local's sources, a young generation of 2 MB
    command: 'node --max-semi-space-size=2 ../supabase-local/bin/supabase-local.mjs serve',
    url: `${baseURL}/`,
    env: {
      PORT: WEB_PORT,
      SUPABASE_PORT,
      SUPABASE_LOCAL_DATA: 'memory://',
      // notify-dispatch (order e-mails) sends over SMTP into supabase-local's own mailbox
      // ([local_smtp] smtp_port); functions get the server's environment as their secrets
      SMTP_HOST: '127.0.0.1',
      SUPABASE_SMTP_PORT: SMTP_PORT,
      SMTP_PORT,
      SMTP_SECURE: 'false',
      SMTP_USER: 'local',
      SMTP_PASS: 'local',
      MAIL_FROM: 'FurniCraft <orders@furnicraft.in>',
      STORE_SITE_URL: baseURL,
      // the Razorpay sandbox's refund and payout webhooks go to the store's webhook function, as
      // Razorpay's dashboard would send them
      RAZORPAY_WEBHOOK_URL: '/functions/v1/razorpay-webhook',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
