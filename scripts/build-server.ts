import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_ENTRY } from './build-state.mjs';

/**
 * Compiles `server.ts` and the server code it reaches into one ES module, so production runs
 * it with plain `node`: no TypeScript compiler loaded at start, no loader thread beside it.
 * Packages stay in node_modules, loaded by node as the Next build loads them.
 */
export async function buildServer(root = process.cwd()): Promise<void> {
  const outfile = path.join(root, SERVER_ENTRY);
  mkdirSync(path.dirname(outfile), { recursive: true });
  await build({
    entryPoints: [path.join(root, 'server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    // Bundled CommonJS helpers may call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __atrioRequire } from 'node:module'; const require = __atrioRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  // The watchdog starts its worker from a file beside the code that names it.
  copyFileSync(path.join(root, 'lib', 'ops', 'watchdog-worker.mjs'), path.join(path.dirname(outfile), 'watchdog-worker.mjs'));
}
