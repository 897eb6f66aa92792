import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { nextRuntimeImports, serverBuildOptions } from '../../scripts/build-server';

// The custom server (sockets, the chat's socket send, workers) is compiled apart from Next
// and starts before it: nothing it reaches may import Next's server runtime, or `npm start`
// stops at once. The build refuses such a bundle; this keeps the code clear of it.

describe('the compiled server', () => {
  it('reaches no module that imports Next’s server runtime', async () => {
    const result = await build({ ...serverBuildOptions(process.cwd()), write: false, metafile: true, outfile: 'server.mjs' });
    expect(Object.keys(result.metafile.inputs).length).toBeGreaterThan(100);
    expect(Object.keys(result.metafile.inputs)).toContain('lib/chats/socket.ts');
    expect(nextRuntimeImports(result.metafile)).toEqual([]);
  });

  it('names the modules that would', () => {
    const metafile = {
      inputs: {
        'lib/http/route.ts': { bytes: 1, imports: [{ path: 'next/server', kind: 'import-statement' as const, external: true }] },
        'lib/chats/socket.ts': { bytes: 1, imports: [{ path: 'lib/http/route.ts', kind: 'import-statement' as const }] },
      },
      outputs: {},
    };
    expect(nextRuntimeImports(metafile)).toEqual(['lib/http/route.ts']);
  });
});
