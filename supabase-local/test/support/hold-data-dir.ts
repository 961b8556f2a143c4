/**
 * A child process for the crash tests: opens a PGlite data folder, writes a row, says "open <pid>"
 * on stdout, then waits to be killed (kill -9, as a crash).
 */
import { openPglite } from '../../src/db/pglite.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-data-dir.ts <data folder>');
const db = await openPglite({ dataDir });
await db.exec(`create table if not exists public.opened (pid int, at timestamptz default now());
insert into public.opened (pid) values (${process.pid});`);
console.log(`open ${process.pid}`);
setInterval(() => {}, 60_000);
