import { describe, expect, it } from 'vitest';
import { settingsStatement, type TxSettings } from './transaction.ts';

const base: TxSettings = {
  schema: 'api',
  extraSearchPath: ['public', 'extensions'],
  role: 'anon',
  claims: { role: 'anon' },
  method: 'GET',
  path: '/items',
  headers: { host: 'x' },
  cookies: {},
  roleSettings: [],
  readOnly: false,
};

describe('settingsStatement', () => {
  it('numbers the role settings and the timezone after the seven fixed settings', () => {
    const s = settingsStatement({
      ...base,
      roleSettings: [
        ['statement_timeout', '3s'],
        ['plan_filter.statement_cost_limit', '1e6'],
      ],
      timezone: 'Asia/Kolkata',
      readOnly: true,
    });
    expect(s.text).toBe(
      "select from (select set_config('search_path', $1, true), set_config('role', $2, true), " +
        "set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true), " +
        "set_config('request.path', $5, true), set_config('request.headers', $6, true), " +
        "set_config('request.cookies', $7, true), set_config($8, $9, true), set_config($10, $11, true), " +
        "set_config('timezone', $12, true), set_config('transaction_read_only', 'on', true)) as settings",
    );
    expect(s.values).toEqual([
      '"api", "public", "extensions"',
      'anon',
      '{"role":"anon"}',
      'GET',
      '/items',
      '{"host":"x"}',
      '{}',
      'statement_timeout',
      '3s',
      'plan_filter.statement_cost_limit',
      '1e6',
      'Asia/Kolkata',
    ]);
  });

  it('gives the same text for requests of the same shape, whatever their values', () => {
    const a = settingsStatement(base);
    const b = settingsStatement({ ...base, role: 'authenticated', headers: { a: '1' }, cookies: { c: 'd' } });
    expect(b.text).toBe(a.text);
    expect(b.values.slice(5)).toEqual(['{"a":"1"}', '{"c":"d"}']);
    expect(settingsStatement({ ...base, readOnly: true }).text).not.toBe(a.text);
  });
});
