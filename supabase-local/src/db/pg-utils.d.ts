// node-postgres's own conversion of a JavaScript value to a parameter's text (Dates, arrays, objects
// as JSON, Buffers as they are), the one `client.query` applies: ./pg-batch.ts binds values the same way.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
