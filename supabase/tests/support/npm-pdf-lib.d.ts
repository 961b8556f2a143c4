// The invoice renderer (supabase/functions/_shared/invoice) imports pdf-lib as Deno does, by its npm:
// specifier. For tsc and vitest in Node that specifier is the same package from node_modules
// (functions-invoice-render.test.ts maps it with vi.mock); Deno resolves it itself.
declare module 'npm:pdf-lib@1.17.1' {
  export * from 'pdf-lib';
}
