/**
 * supabase-local's testing API (the package's `./testing` export): start the full server over a fresh
 * database (PGlite, or a scratch PostgreSQL database when DATABASE_URL is set), run a suite once per
 * database kind, and what a test needs to play Auth, Storage, Functions and the Razorpay sandbox.
 * The store's tests (supabase/tests) and benchmark (supabase/bench) reach supabase-local only
 * through this entry and the package's main entry (src/index.ts).
 */
export {
  createTestDb,
  dbKinds,
  forEachDb,
  forEachDbKind,
  type DbKind,
  type DbSuite,
  type TestDatabase,
  type TestDbOptions,
} from './test-db.ts';
export { mintJwt, type MintJwtOptions } from './jwt.ts';
export { ephemeralSigningKeys, type SigningKeys } from '../jwt/signing-keys.ts';
export { forEachServer, startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';
export {
  adminClient,
  authClient,
  chooseOnLocalProvider,
  followRedirects,
  forEachAuthServer,
  fragmentParams,
  identitiesOf,
  latestMail,
  mailTo,
  memoryStorage,
  openLocalProviderPage,
  TestClock,
  uniqueEmail,
  type AuthServerOptions,
  type AuthSuite,
} from './auth-server.ts';
export type { StoredMail } from '../mail/mailbox.ts';
export { functionsSurface } from '../functions/index.ts';
export { storageSurface } from '../storage/index.ts';
export {
  DEFAULT_WEBHOOK_EVENTS,
  FAILURE_VPA,
  RazorpaySandboxControl,
  razorpaySurface,
  REVERSED_BANK_ACCOUNT,
  type RazorpayEvent,
  type RazorpayPayout,
  type RazorpayRefund,
  type RazorpaySandboxOptions,
  type SandboxFaults,
  type WebhookDelivery,
} from '../razorpay/index.ts';
export {
  LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  LOCAL_RAZORPAY_KEYS,
  LOCAL_RAZORPAY_WEBHOOK_SECRET,
} from '../razorpay/keys.ts';
