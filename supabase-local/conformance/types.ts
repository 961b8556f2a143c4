/** One conformance case, as read from a `cases/<id>_<slug>.yaml` file (see case.schema.json). */
export interface CaseRequest {
  kind?: string;
  flag?: string;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  jwt?: { sign_with?: string; payload: Record<string, unknown> };
  body?: unknown;
  body_json?: unknown;
  body_raw?: string;
}

export interface Case {
  id: number;
  feature: string;
  /** first `/`-delimited segment of `feature` (HARNESS §7) */
  area: string;
  schema?: string;
  request: CaseRequest;
  expect: Record<string, unknown>;
  config?: Record<string, unknown>;
  notes?: string;
  /** file the case came from (for messages) */
  file: string;
}

/** A case file that could not be read; reported as a failure, never a crash. */
export interface BrokenCase {
  file: string;
  id: number | null;
  error: string;
}

export interface HttpResult {
  status: number;
  statusText: string;
  /** names lowercased; repeated headers folded (', ', or '\n' for set-cookie) */
  headers: Record<string, string>;
  /** [name, value] pairs as received */
  rawHeaders: [string, string][];
  body: Buffer;
}

export interface SentRequest {
  method: string;
  path: string;
  headers: [string, string][];
  body: string | null;
}
