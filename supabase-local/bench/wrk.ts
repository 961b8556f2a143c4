/**
 * `--loadgen=wrk`: the GET shapes driven by wrk (Debian's `wrk`, C and epoll) instead of autocannon.
 * On a 2-core machine the load generator shares the cores with the server and PostgreSQL, and
 * autocannon spends ~20–85 µs of CPU a request against pgbench's ~9 µs for its whole loop: the REST
 * figures then carry the generator's cost and pgbench's do not. PostgREST's own benchmark keeps the
 * generator (k6) on a machine of its own; wrk is the nearest this machine gets.
 *
 * The shape's requests are made here (4,096 of them, the ids drawn as for autocannon) and wrk sends
 * them round-robin from a Lua script; the script's done() prints the figures as one JSON line.
 */
import type { Shape } from './shapes.ts';
import { luaString, runScript, type WrkResult } from './wrk-runner.ts';

/** Whether wrk can send this shape: GET requests without a body (the ones that need no iteration count). */
export function wrkCanSend(shape: Shape): boolean {
  const r = shape.request(0);
  return r.method === 'GET' && !r.body;
}

export async function wrkRun(
  baseUrl: string,
  shape: Shape,
  connections: number,
  durationS: number,
): Promise<WrkResult> {
  const paths = Array.from({ length: 4096 }, (_, i) => shape.request(i).path);
  return runScript(
    baseUrl,
    `local paths = {${paths.map(luaString).join(',')}}
local requests = {}
local n = 0
init = function(args)
  for i, p in ipairs(paths) do requests[i] = wrk.format("GET", p) end
end
request = function()
  n = n % #requests + 1
  return requests[n]
end
`,
    connections,
    durationS,
  );
}
