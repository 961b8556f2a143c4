/**
 * PostgREST's benchmark request shapes (bench/workload/README.md; the k6 scripts of
 * PostgREST/postgrest-benchmark): same paths, methods, bodies and headers, ids random in the
 * same ranges. One request per iteration; the k6 teardown (DELETE of the inserted employees) runs
 * once after the measured run, outside the figures.
 */
import type { RequestSpec } from 'autocannon';

export interface Shape {
  name: string;
  /** the status PostgREST answers with (k6 scripts check 201 / 204 / 200) */
  expect: number;
  /** one request; `iter` numbers the iteration (k6's __ITER) */
  request(iter: number): { method: string; path: string; headers?: Record<string, string>; body?: string };
  /** once after the run (k6 teardown) */
  teardown?: { method: string; path: string; headers?: Record<string, string> };
}

const rand = (n: number) => Math.floor(Math.random() * n + 1);

function employee(iter: number) {
  return {
    employee_id: iter + 100,
    first_name: 'Virtual ' + iter,
    last_name: 'User ' + iter,
    title: 'Load Tester',
    reports_to: 1,
    birth_date: '1920-01-01',
    hire_date: '2020-01-01',
    address: '666 10 Street SW',
    city: 'Calgary',
    state: 'AB',
    country: 'Canada',
    postal_code: 'T2P 5G',
    phone: '(403) 246-9887',
    fax: '+1 (403) 246-9899',
    email: 'vu' + iter + '@chinookcorp.com',
  };
}

const JSON_CT = { 'Content-Type': 'application/json' };
const DELETE_LOAD_TESTERS = {
  method: 'DELETE',
  path: '/employee?title=eq.Load%20Tester',
  headers: { Prefer: 'count=exact' },
};

export const SHAPES: Shape[] = [
  {
    name: 'GETSingle',
    expect: 200,
    request: () => ({ method: 'GET', path: `/artist?select=*&artist_id=eq.${rand(275)}` }),
  },
  {
    name: 'GETSingleEmbed',
    expect: 200,
    request: () => ({ method: 'GET', path: `/album?select=*,track(*,genre(*))&artist_id=eq.${rand(347)}` }),
  },
  {
    name: 'GETAllEmbed',
    expect: 200,
    request: () => ({ method: 'GET', path: '/album?select=*,track(*,genre(*))' }),
  },
  {
    name: 'POSTSingle',
    expect: 201,
    request: (iter) => ({
      method: 'POST',
      path: '/employee',
      headers: JSON_CT,
      body: JSON.stringify(employee(iter)),
    }),
    teardown: DELETE_LOAD_TESTERS,
  },
  {
    name: 'POSTBulk',
    expect: 201,
    request: (iter) => ({
      method: 'POST',
      path: '/employee?columns=employee_id,first_name,last_name,title,reports_to,birth_date,hire_date,address,city,state,country,postal_code,phone,fax,email',
      headers: JSON_CT,
      body: JSON.stringify(Array(20).fill(employee(iter))),
    }),
    teardown: DELETE_LOAD_TESTERS,
  },
  {
    name: 'PATCHSingle',
    expect: 204,
    request: () => ({
      method: 'PATCH',
      path: `/actor?actor_id=eq.${rand(203)}`,
      headers: JSON_CT,
      body: JSON.stringify({ last_update: 'now' }),
    }),
  },
  {
    name: 'RPCSimple',
    expect: 200,
    request: () => {
      const n = rand(347);
      return { method: 'GET', path: `/rpc/add_them?a=${n}&b=${n + 1}&c=${n + 2}&d=${n + 3}&e=${n + 4}` };
    },
  },
  {
    name: 'RPCGETSingleEmbed',
    expect: 200,
    request: () => ({
      method: 'GET',
      path: `/rpc/ret_albums?select=album_id,title,artist_id,track(*,genre(*))&artist_id=eq.${rand(347)}`,
    }),
  },
];

/** autocannon's request list for a shape: setupRequest makes a fresh request per iteration. */
export function autocannonRequests(shape: Shape): RequestSpec[] {
  let iter = 0;
  return [
    {
      setupRequest: (req) => {
        const r = shape.request(iter++);
        return {
          ...req,
          method: r.method,
          path: r.path,
          headers: { ...req.headers, ...(r.headers ?? {}) },
          body: r.body ?? '',
        };
      },
    },
  ];
}
