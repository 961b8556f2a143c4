/** One TypeScript entry and what it imports from this package as one ES module (see bundle.mjs). */
export function bundleCode(entry: string): Promise<string>;
