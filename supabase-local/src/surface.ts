/**
 * What a service mounted under the gateway is and gets (Auth, Storage, Functions, the Razorpay sandbox):
 * its own module, so the services and server.ts, which mounts them, do not import each other.
 */
import type { SupabaseConfig } from './config.ts';
import type { Db } from './db/types.ts';
import type { SurfaceHandler } from './gateway.ts';
import type { ApiKeys } from './keys.ts';
import type { LocalSmtp } from './mail/transport.ts';

/** What a service mounted under the gateway gets to build itself. */
export interface SurfaceContext {
  db: Db;
  config: SupabaseConfig;
  keys: ApiKeys;
  /** the API's base URL, e.g. http://127.0.0.1:54321 (known once listening) */
  apiUrl(): string;
  /** the web origin, if served */
  webUrl(): string | undefined;
  /** the development-only surfaces are on (well-known local keys, loopback only) */
  devSurfaces: boolean;
  /** the local SMTP listener (the mailbox), when running: Auth sends its mail there */
  localSmtp: LocalSmtp | null;
}

export interface Surface {
  handle: SurfaceHandler;
  close?(): Promise<void>;
}

export type SurfaceFactory = (ctx: SurfaceContext) => Surface | Promise<Surface>;

/** The services mounted under the gateway; a test may plug in its own factory for any of them. */
export interface Surfaces {
  auth?: SurfaceFactory;
  storage?: SurfaceFactory;
  functions?: SurfaceFactory;
  /** the Razorpay sandbox (offline demos and tests) */
  razorpay?: SurfaceFactory;
}
