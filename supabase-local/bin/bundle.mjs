// One TypeScript entry and what it imports from this package as one ES module (the npm packages left
// outside), the way `npm start` runs supabase-local: bin/supabase-local.mjs bundles src/cli.ts, and
// the benchmarks' server child (bench/server-child.ts) bundles bench/server.ts, so they measure the
// code that ships rather than tsx's transform of it (which wraps every named closure in a `__name`
// call, per request where a request makes closures).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The bundle's JavaScript (esbuild, Node 20, ESM); throws when esbuild cannot build it. */
export async function bundleCode(entry) {
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      logLevel: 'silent',
      plugins: [
        {
          // Each module keeps its own import.meta.url (paths to its SQL files, the repository root,
          // the functions' worker), as if it were still loaded from its source file.
          name: 'own-import-meta-url',
          setup(b) {
            b.onLoad({ filter: /\.ts$/ }, (args) => ({
              contents: readFileSync(args.path, 'utf8').replaceAll(
                'import.meta.url',
                JSON.stringify(pathToFileURL(args.path).href),
              ),
              loader: 'ts',
            }));
          },
        },
      ],
    });
    return result.outputFiles[0].text;
  } finally {
    await esbuild.stop(); // its service process would otherwise live as long as the caller
  }
}
