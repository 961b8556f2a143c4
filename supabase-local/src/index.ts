/**
 * supabase-local's programmatic API (the CLI, the tests and the benchmarks use these).
 */
export { openDb, openTarget, dbTarget, type DbTarget } from './db/index.ts';
export { openPostgres, redactUrl } from './db/postgres.ts';
export type { Db, Queryable, QueryResult, TransactionOptions } from './db/types.ts';
export { bootstrap, bootstrapScript, installedExtensions } from './bootstrap/index.ts';
export { migrate, listMigrations, appliedVersions, SqlFileError } from './migrations/index.ts';
export { prepareDatabase, notifySchemaReload } from './prepare.ts';
export { createScheduler, isDue, type CronRun, type Scheduler } from './cron.ts';
export { createNetWorker, type NetWorker, type NetResponse } from './net.ts';
export { applyVaultSecrets, vaultEntries } from './vault.ts';
export { loadConfig, projectPaths, exposedSchemas, REPO_ROOT, type SupabaseConfig } from './config.ts';
export {
  apiKeys,
  signHs256,
  publishedJwks,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  type ApiKeys,
  type ApiKeyOptions,
} from './keys.ts';
export { generateSigningJwk, readSigningKeys, type Jwk, type SigningKeys } from './jwt/signing-keys.ts';
export type { RestConfig } from './rest/types.ts';
export {
  startServer,
  type ServerOptions,
  type RunningServer,
  type Surfaces,
  type SurfaceFactory,
} from './server.ts';
