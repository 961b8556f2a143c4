/**
 * PostgREST's error model: every failure becomes { code, message, details, hint } with a status.
 * PGRST codes are grouped by stage as in PostgREST's Error.hs (1xx request, 2xx schema cache, 3xx JWT);
 * Postgres errors keep their SQLSTATE and map to a status with PostgREST's table (pgErrorStatus).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: unknown = null,
    readonly headers: Record<string, string> = {},
    /** a custom reason phrase (RAISE SQLSTATE 'PGRST' with status_text) */
    readonly statusText?: string,
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const err = {
  parse: (message: string, details: string | null = null) => new ApiError(400, 'PGRST100', message, details),
  invalidRpcMethod: () =>
    new ApiError(405, 'PGRST101', 'Cannot use the GET method on RPC to a volatile function'),
  invalidBody: (message: string) => new ApiError(400, 'PGRST102', message),
  invalidRange: (details: string | null = null) =>
    new ApiError(416, 'PGRST103', 'Requested range not satisfiable', details),
  invalidPut: (message: string) => new ApiError(405, 'PGRST105', message),
  unacceptableSchema: (schema: string, exposed: string[]) =>
    new ApiError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(', ')}`,
    ),
  unacceptableMedia: (types: string[]) =>
    new ApiError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`),
  unsupportedContentType: (type: string) =>
    new ApiError(415, 'PGRST107', `Content-Type not acceptable: ${type}`),
  notEmbedded: (name: string) =>
    new ApiError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    ),
  putLimit: () =>
    new ApiError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT'),
  putMismatch: () =>
    new ApiError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)'),
  singular: (rows: number) =>
    new ApiError(
      406,
      'PGRST116',
      rows === 0
        ? 'Cannot coerce the result to a single JSON object'
        : 'Cannot coerce the result to a single JSON object',
      `The result contains ${rows} rows`,
    ),
  unsupportedMethod: (method: string) => new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  relatedOrder: (origin: string, target: string) =>
    new ApiError(
      400,
      'PGRST118',
      `A related order on '${target}' is not possible`,
      `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
    ),
  embedFilterOp: () =>
    new ApiError(
      400,
      'PGRST120',
      'Bad operator on the embedded resource',
      'Only is null or not is null filters are allowed on embedded resources',
    ),
  raiseJson: (details: string, hint: string) =>
    new ApiError(
      500,
      'PGRST121',
      `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
      details,
      hint,
    ),
  invalidPreferences: (prefs: string[]) =>
    new ApiError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.join(', ')}`,
    ),
  aggregatesDisabled: () => new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  maxAffected: (n: number) =>
    new ApiError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${n} rows`,
    ),
  invalidPath: () => new ApiError(404, 'PGRST125', 'Invalid path specified in request URL'),
  notImplemented: (message: string, details: string | null = null) =>
    new ApiError(400, 'PGRST127', message, details),
  /**
   * supabase-local's embedding limits (RestConfig.maxEmbedDepth / maxEmbeds): refused before any SQL.
   * SQLSTATE 54001 (statement_too_complex), as pg_plan_filter's refusal below, with 400: the request
   * is what is too complex, and it never reached the database.
   */
  embedDepth: (depth: number, limit: number, path: string) =>
    new ApiError(
      400,
      '54001',
      `Embedded resources nested ${depth} levels deep exceed the limit of ${limit}`,
      path,
      `Embed at most ${limit} levels deep (supabase-local's REST option maxEmbedDepth), or request the deeper resources separately.`,
    ),
  embedCount: (count: number, limit: number) =>
    new ApiError(
      400,
      '54001',
      `${count} embedded resources exceed the limit of ${limit} per request`,
      null,
      `Embed at most ${limit} resources (supabase-local's REST option maxEmbeds), or request the others separately.`,
    ),
  /**
   * pg_plan_filter's refusal (ERRCODE_STATEMENT_TOO_COMPLEX, its message and hint, no detail), which
   * PostgREST maps like any class 54 error: 500.
   */
  planCost: () =>
    new ApiError(
      500,
      '54001',
      'plan cost limit exceeded',
      null,
      'The plan for your query shows that it would probably have an excessive run time. This may be due to a logic error in the SQL, or it maybe just a very costly query. Rewrite your query or increase the configuration parameter "plan_filter.statement_cost_limit".',
    ),
  columnNotFound: (column: string, table: string) =>
    new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`),
  tableNotFound: (schema: string, table: string, hint: string | null = null) =>
    new ApiError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${table}' in the schema cache`,
      null,
      hint,
    ),
  jwtSecretMissing: () => new ApiError(500, 'PGRST300', 'Server lacks JWT secret'),
  jwt: (message: string) =>
    new ApiError(401, 'PGRST301', message, null, null, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
    }),
  anonDisabled: () =>
    new ApiError(401, 'PGRST302', 'Anonymous access is disabled', null, null, {
      'WWW-Authenticate': 'Bearer',
    }),
  jwtClaims: (message: string) =>
    new ApiError(401, 'PGRST303', message, null, null, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
    }),
};

/** Fields node-postgres and PGlite expose on a server error. */
export interface PgErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgErrorLike {
  return typeof e === 'object' && e !== null && typeof (e as PgErrorLike).code === 'string' && 'message' in e;
}

/** PostgREST's pgErrorStatus. `authenticated` = the request carried a valid JWT. */
export function pgErrorStatus(code: string, message: string, authenticated: boolean): number {
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === 'P0001') return 400;
  if (code === '42883') return 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '53400') return 500;
  if (code === '57P01') return 503;
  // Error.hs mapSQLtoHTTP: 'P':'T':n → mkStatus (read n), else 500 (PT40A). Node cannot send a status
  // outside 100–999, so those are 500 too.
  if (code.startsWith('PT')) {
    const n = /^\d+$/.test(code.slice(2)) ? Number(code.slice(2)) : NaN;
    return n >= 100 && n <= 999 ? n : 500;
  }
  const two = code.slice(0, 2);
  const table: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return table[two] ?? 400;
}

/** A string, or absent/null (aeson's `.:?` for a Text field); anything else fails the decode. */
const optionalText = (v: unknown): v is string | null | undefined =>
  v === undefined || v === null || typeof v === 'string';

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * `RAISE SQLSTATE 'PGRST' USING message = '{…}', detail = '{…}'`, decoded as PostgREST's
 * parseRaisePGRST and its FromJSON instances (src/PostgREST/Error.hs): MESSAGE must be an object with
 * string `code` and `message` and optional string (or null) `details` and `hint`; DETAIL must be
 * present, an object with an integer `status`, a `headers` object of strings (obligatory, may be
 * `{}`) and an optional string `status_text`. Anything else is PGRST121 (500) naming which part.
 * The checks are tested by test/rest-raise-pgrst.test.ts against PostgREST's RpcSpec.hs cases.
 */
export function fromRaisePgrst(message: string, detail: string | undefined | null): ApiError {
  const m = jsonObject(message);
  if (
    m === null ||
    typeof m['code'] !== 'string' ||
    typeof m['message'] !== 'string' ||
    !optionalText(m['details']) ||
    !optionalText(m['hint'])
  ) {
    return err.raiseJson(
      `Invalid JSON value for MESSAGE: '${message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  const detailHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  if (detail === undefined || detail === null)
    return err.raiseJson('DETAIL is missing in the RAISE statement', detailHint);
  const d = jsonObject(detail);
  const h = d?.['headers'];
  if (
    d === null ||
    typeof d['status'] !== 'number' ||
    !Number.isInteger(d['status']) ||
    !optionalText(d['status_text']) ||
    typeof h !== 'object' ||
    h === null ||
    Array.isArray(h) ||
    !Object.values(h).every((v) => typeof v === 'string')
  ) {
    return err.raiseJson(`Invalid JSON value for DETAIL: '${detail}'`, detailHint);
  }
  return new ApiError(
    d['status'],
    m['code'],
    m['message'],
    m['details'] ?? null,
    m['hint'] ?? null,
    { ...(h as Record<string, string>) },
    typeof d['status_text'] === 'string' ? d['status_text'] : undefined,
  );
}

/** A Postgres error → ApiError (`RAISE SQLSTATE 'PGRST'`: fromRaisePgrst; PTxyz: status xyz). */
export function fromPgError(e: PgErrorLike, authenticated: boolean): ApiError {
  const code = e.code ?? 'XX000';
  if (code === 'PGRST') return fromRaisePgrst(e.message, e.detail);
  // a JWT naming a role that does not exist is an authentication failure (PostgREST 13+)
  const unknownRole = code === '22023' && /^role ".*" does not exist$/.test(e.message);
  const status = unknownRole ? 401 : pgErrorStatus(code, e.message, authenticated);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  // PTxyz: the message is the reason phrase (mkStatus n m), where HTTP allows it as one
  const reason = code.startsWith('PT') && /^[\t\x20-\x7e]+$/.test(e.message) ? e.message : undefined;
  return new ApiError(status, code, e.message, e.detail ?? null, e.hint ?? null, headers, reason);
}
