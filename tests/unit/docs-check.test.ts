import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDocs, documentedNames, findEnvReads, findLinks, headingAnchors } from '@/scripts/check-docs';

const names = (source: string) => findEnvReads(source).map((r) => r.name);

describe('findLinks', () => {
  it('finds links and images with their lines, reference definitions included', () => {
    const links = findLinks('# Title\n\nSee [the API](docs/api.md#calls) and ![logo](public/icon.svg "Logo").\n\n[ref]: docs/x.md\n');
    expect(links).toEqual([
      { name: 'docs/api.md#calls', line: 3 },
      { name: 'public/icon.svg', line: 3 },
      { name: 'docs/x.md', line: 5 },
    ]);
  });

  it('leaves out links in fenced code blocks and code spans', () => {
    const markdown = ['```md', '[inside](fenced.md)', '```', '~~~', '[tilde](fenced.md)', '~~~', 'A span: `[code](span.md)`.', '[real](real.md)'].join('\n');
    expect(findLinks(markdown)).toEqual([{ name: 'real.md', line: 8 }]);
  });
});

describe('headingAnchors', () => {
  it('follows GitHub: lower case, punctuation dropped, spaces to hyphens, repeats numbered', () => {
    const anchors = headingAnchors("# The callers' cache\n## What `npm test` runs\n### Notes\n### Notes\n```sh\n# not a heading\n```\n");
    expect([...anchors]).toEqual(['the-callers-cache', 'what-npm-test-runs', 'notes', 'notes-1']);
  });
});

describe('findEnvReads', () => {
  it('reads process.env dotted and indexed by a string, with their lines', () => {
    expect(findEnvReads('const a = process.env.ALPHA;\nconst b = process.env[\'BETA\'] ?? process.env["GAMMA"];')).toEqual([
      { name: 'ALPHA', line: 1 },
      { name: 'BETA', line: 2 },
      { name: 'GAMMA', line: 2 },
    ]);
  });

  it('reads names destructured from process.env, aliased or defaulted', () => {
    expect(names("const { ONE, TWO: two, THREE = 'x', ...rest } = process.env;")).toEqual(['ONE', 'TWO', 'THREE']);
  });

  it('reads through a parameter typed NodeJS.ProcessEnv', () => {
    expect(names('export function f(env: NodeJS.ProcessEnv = process.env) {\n  return env.PROVIDER ?? env["TOKEN"];\n}')).toEqual(['PROVIDER', 'TOKEN']);
  });

  it('reads the names passed to a helper that indexes process.env with its argument', () => {
    const source = [
      'function positive(name: string, fallback: number): number {',
      '  const raw = process.env[name];',
      '  return raw ? Number(raw) : fallback;',
      '}',
      'const num = (name: string) => Number(process.env[name] ?? 0);',
      "const RUNS = positive('BENCH_RUNS', 30);",
      'const SECONDS = num("BENCH_SECONDS");',
    ].join('\n');
    expect(names(source)).toEqual(['BENCH_RUNS', 'BENCH_SECONDS']);
  });

  it('reads the keys of a zod schema in a file that parses process.env', () => {
    const source =
      "const schema = z\n  .object({\n    NODE_ENV: z.enum(['production']),\n    PORT: port.default(3000),\n    nested: z.object({ inner: z.string() }),\n  });\nparse(process.env);";
    expect(names(source)).toEqual(['NODE_ENV', 'PORT']);
    expect(names('const form = z.object({ NAME: z.string() });')).toEqual([]);
  });

  it('does not count assignments and deletions as reads', () => {
    expect(names("process.env.SET = 'x';\ndelete process.env.GONE;\ndelete process.env['GONE_TOO'];\nif (process.env.READ === '1') {}")).toEqual(['READ']);
  });
});

describe('documentedNames', () => {
  it('takes whole code spans only', () => {
    expect(documentedNames('| `PORT` / `HOST` | `DATA_DIR/uploads` |')).toEqual(new Set(['PORT', 'HOST']));
  });
});

describe('checkDocs', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'atrio-docs-'));
    write('docs/configuration.md', '# Configuration\n\n## Server\n\n`PORT`: where it listens.\n');
    write('lib/server.ts', 'export const port = process.env.PORT;\n');
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('passes a consistent tree, external links and links in code left alone', () => {
    write(
      'README.md',
      [
        '[config](docs/configuration.md#server) [lib](lib/) [top](#readme)',
        '[site](https://example.com/missing.md) [mail](mailto:a@b.c) [plain](http://example.com)',
        '```',
        '[in a fence](missing.md)',
        '```',
        '# Readme',
      ].join('\n'),
    );
    write('docs/modules/a.md', '[up](../../lib/server.ts) [config](../configuration.md?plain=1)\n');
    expect(checkDocs(root)).toEqual([]);
  });

  it('reports a missing file and a missing heading with their file and line', () => {
    write('README.md', '# Readme\n\n[gone](docs/gone.md)\n[config](docs/configuration.md#nowhere)\n');
    expect(checkDocs(root)).toEqual([
      { file: 'README.md', line: 3, message: 'broken link: docs/gone.md (no docs/gone.md)' },
      { file: 'README.md', line: 4, message: 'broken link: docs/configuration.md#nowhere (no heading #nowhere in docs/configuration.md)' },
    ]);
  });

  it('reports each undocumented variable once, where it is first read', () => {
    write('README.md', '# Readme\n');
    write('lib/a.ts', 'const a = process.env.SECRET_THING;\nconst b = process.env.SECRET_THING;\n');
    write('tests/unit/x.test.ts', 'process.env.ONLY_IN_TESTS;\n');
    expect(checkDocs(root)).toEqual([{ file: 'lib/a.ts', line: 1, message: 'SECRET_THING is read here but not documented in docs/configuration.md' }]);
  });

  it('finds nothing wrong in this repository', () => {
    expect(checkDocs(path.resolve(import.meta.dirname, '../..'))).toEqual([]);
  });
});
