import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acceptedFindings, ADVISORS_DOC, isAccepted, type Finding } from './cli-supabase.ts';

const finding = (name: string, schema: string, table: string): Finding => ({
  name,
  level: 'INFO',
  detail: `${name} on ${schema}.${table}`,
  metadata: { schema, name: table },
});

describe('supabase/ADVISORS.md accepted findings', () => {
  const accepted = acceptedFindings(readFileSync(ADVISORS_DOC, 'utf8'));

  it('reads the table: lint, object pattern, reason', () => {
    expect(accepted.map((a) => [a.lint, a.objects])).toEqual([
      ['unused_index', 'public.*'],
      ['unused_index', 'supabase_local.*'],
      ['unused_index', 'private.rate_limit_counters'],
    ]);
    for (const a of accepted) expect(a.reason.length).toBeGreaterThan(40);
  });

  it('accepts only the listed lint on the listed objects', () => {
    expect(isAccepted(finding('unused_index', 'public', 'orders'), accepted)).toBe(true);
    expect(isAccepted(finding('unused_index', 'supabase_local', 'auth_mailbox'), accepted)).toBe(true);
    expect(isAccepted(finding('unused_index', 'private', 'search_words'), accepted)).toBe(false);
    expect(isAccepted(finding('unindexed_foreign_keys', 'public', 'orders'), accepted)).toBe(false);
    expect(isAccepted(finding('rls_disabled_in_public', 'public', 'orders'), accepted)).toBe(false);
  });

  it('finds nothing in a document without the section', () => {
    expect(acceptedFindings('# Advisors\n\nNo exceptions.\n')).toEqual([]);
  });
});
