import { describe, expect, it } from 'vitest';
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from './config.ts';

// shared/ compiles without DOM or Node types (Deno imports it too); every runtime has atob.
declare function atob(data: string): string;

describe('local Supabase config', () => {
  it('points at the port of `supabase start`', () => {
    expect(LOCAL_SUPABASE_URL).toBe('http://127.0.0.1:54321');
  });

  it('is the public anon key, never a service-role key', () => {
    const payload = JSON.parse(atob(LOCAL_SUPABASE_ANON_KEY.split('.')[1] ?? '')) as Record<string, unknown>;
    expect(payload).toMatchObject({ iss: 'supabase-demo', role: 'anon' });
  });
});
