#!/usr/bin/env node
// supabase-local's entry point: loads the TypeScript sources through tsx (no build step) and runs
// src/cli.ts in this same process, so Ctrl+C and SIGTERM reach the server's graceful shutdown.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
