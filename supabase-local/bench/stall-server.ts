/**
 * bench:stall's server process: the store's whole server (src/server.ts: gateway, REST, the web
 * origin, all in one Node process, as `serve` runs it) over the store's migrations and seed, on an
 * in-memory PGlite or on PostgreSQL (STALL_DATABASE_URL, a scratch database the parent created).
 * STALL_GUARD=off turns the embedding caps and the planner cost limit off (the "before" figure).
 * Tells the parent its ports over IPC; exits on the 'stop' message.
 */
import { loadConfig, projectPaths } from '../src/config.ts';
import type { Db } from '../src/db/types.ts';
import { apiKeys } from '../src/keys.ts';
import { prepareDatabase } from '../src/prepare.ts';
import type { RestConfig } from '../src/rest/types.ts';
import { startServer } from '../src/server.ts';

const url = process.env['STALL_DATABASE_URL'];
let db: Db;
if (url) {
  const { openPostgres } = await import('../src/db/postgres.ts');
  db = await openPostgres({ url });
} else {
  const { openPglite, MEMORY } = await import('../src/db/pglite.ts');
  db = await openPglite({ dataDir: MEMORY });
}
const paths = projectPaths();
const config = loadConfig();
if (process.env['STALL_PREPARE'] !== 'no')
  await prepareDatabase(db, {
    migrationsDir: paths.migrationsDir,
    seedPaths: paths.seedPaths,
    log: () => {},
  });
const rest: Partial<RestConfig> =
  process.env['STALL_GUARD'] === 'off' ? { maxEmbedDepth: null, maxEmbeds: null, planCostLimit: false } : {};
const server = await startServer({
  db,
  config,
  keys: apiKeys({}),
  env: {},
  apiPort: 0,
  apiHost: '127.0.0.1',
  web: { port: 0, host: '127.0.0.1', storefrontDist: paths.storefrontDist, adminDist: paths.adminDist },
  rest,
  smtpPort: 0,
});
process.send?.({ type: 'listening', apiUrl: server.apiUrl, webUrl: server.webUrl });
process.on('message', (m) => {
  if (m !== 'stop') return;
  void (async () => {
    await server.stop();
    await db.close();
    process.exit(0);
  })();
});
