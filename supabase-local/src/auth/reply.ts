/** An answer of Auth's handlers, before it is sent (http.ts `send`); its own module so errors.ts and http.ts do not import each other. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** sent as JSON unless `text` is set */
  body?: unknown;
  text?: string;
  contentType?: string;
}
