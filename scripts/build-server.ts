import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { SERVER_ENTRY } from './build-state.mjs';

/**
 * Compiles `server.ts` and the server code it reaches into one ES module, so production runs
 * it with plain `node`: no TypeScript compiler loaded at start, no loader thread beside it.
 * Packages stay in node_modules, loaded by node as the Next build loads them.
 */
export async function buildServer(root = process.cwd()): Promise<void> {
  const outfile = path.join(root, SERVER_ENTRY);
  mkdirSync(path.dirname(outfile), { recursive: true });
  const result = await build({ ...serverBuildOptions(root), outfile, metafile: true });
  const early = nextRuntimeImports(result.metafile);
  if (early.length > 0) throw new Error(`The custom server must not load Next's runtime before Next starts; these reach it: ${early.join(', ')}`);
  // The watchdog starts its worker from a file beside the code that names it.
  copyFileSync(path.join(root, 'lib', 'ops', 'watchdog-worker.mjs'), path.join(path.dirname(outfile), 'watchdog-worker.mjs'));
}

/**
 * Modules of the compiled server that import Next's server runtime (`next/server`…): loaded
 * before Next has set itself up, it refuses to start ("AsyncLocalStorage accessed in runtime
 * where it is not available"). Shared code keeps such imports to files only routes load.
 */
export function nextRuntimeImports(metafile: Metafile): string[] {
  return Object.entries(metafile.inputs)
    .filter(([, input]) => input.imports.some((i) => i.external && /^next\/(server|headers|cache|navigation)\b/.test(i.path)))
    .map(([file]) => file);
}

export function serverBuildOptions(root: string): BuildOptions {
  return {
    entryPoints: [path.join(root, 'server.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    // Bundled CommonJS helpers may call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __atrioRequire } from 'node:module'; const require = __atrioRequire(import.meta.url);" },
    logLevel: 'warning',
  };
}
