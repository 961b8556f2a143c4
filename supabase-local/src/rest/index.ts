// TEMPORARY STUB — being replaced by the real PostgREST-compatible engine (parse → plan → sql → execute).
import type { Db } from '../db/types.ts';
import type { RestApp, RestConfig } from './types.ts';
export type { RestApp, RestConfig } from './types.ts';

export async function createRestApp(_db: Db, _config: RestConfig): Promise<RestApp> {
  return {
    async handle(_req, res) {
      res.writeHead(501, { 'content-type': 'application/json; charset=utf-8' });
      res.end('{"code":"PGRST000","message":"not implemented yet","details":null,"hint":null}');
    },
    async reloadSchema() {},
    async close() {},
  };
}
