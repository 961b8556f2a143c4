import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * PostgREST's configuration, by the same names (kebab-case in PostgREST, camelCase here).
 * One engine serves the store (Supabase's settings) and the conformance suite (its HARNESS settings).
 */
export interface RestConfig {
  /** db-schemas: exposed schemas; the first is the default profile. */
  dbSchemas: string[];
  /** db-anon-role: role for requests without a JWT; null/undefined = such requests get 401. */
  dbAnonRole?: string | null;
  /** jwt-secret: HS256 secret text, or a JWK / JWK Set as JSON text. null = no secret configured. */
  jwtSecret?: string | null;
  jwtSecretIsBase64?: boolean;
  jwtAud?: string | null;
  /** jwt-role-claim-key, default '.role' */
  jwtRoleClaimKey?: string;
  /** db-pre-request: schema-qualified function called at the start of each request's transaction. */
  dbPreRequest?: string | null;
  dbMaxRows?: number | null;
  /** db-tx-end, default 'commit' */
  dbTxEnd?: 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
  dbExtraSearchPath?: string[];
  dbAggregatesEnabled?: boolean;
  /** aliases accepted in Accept-Profile/Content-Profile that are not literal schema names */
  dbSchemaAliases?: Record<string, string>;
  /** server-cors-allowed-origins: comma-separated; '' or undefined = any origin */
  serverCorsAllowedOrigins?: string | null;
  serverTimingEnabled?: boolean;
  serverTraceHeader?: string | null;
  clientErrorVerbosity?: 'verbose' | 'minimal';
  /** db-plan-enabled: serve EXPLAIN output for Accept: application/vnd.pgrst.plan (default false, as Supabase) */
  dbPlanEnabled?: boolean;
  /** url-use-legacy-target-names, default true */
  urlUseLegacyTargetNames?: boolean;
  /**
   * Not PostgREST: the deepest embedding a request may ask for (`a(b(c(…)))` counts the levels of
   * embedded resources), refused with 400 before any SQL runs. Default 4; null = no limit.
   */
  maxEmbedDepth?: number | null;
  /** Not PostgREST: the most embedded resources in one request's select, at any depth. Default 16; null = no limit. */
  maxEmbeds?: number | null;
  /**
   * pg_plan_filter's `plan_filter.statement_cost_limit`, imitated: when the request's role has that
   * setting (`alter role anon set plan_filter.statement_cost_limit = …`), the statement is EXPLAINed
   * first and refused (54001, 500) when the planner's total cost exceeds it. Default true; false
   * turns the imitation off (benchmarks' "before" figure).
   */
  planCostLimit?: boolean;
}

export interface RestApp {
  /**
   * Serve one request. `target` is the path after the mount point plus the raw query string,
   * e.g. '/items?id=eq.5' (the store mounts the app at /rest/v1).
   */
  handle(req: IncomingMessage, res: ServerResponse, target: string): Promise<void>;
  /** Re-read tables, columns, keys, relationships and functions from the catalog. */
  reloadSchema(): Promise<void>;
  close(): Promise<void>;
}
