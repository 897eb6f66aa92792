import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// `npm run docs:check` (and a step of `npm test`): relative links in README.md and docs/
// must lead somewhere, and every environment variable the code reads must be named in
// docs/configuration.md. No variable is exempt, NODE_ENV included: lib/env.ts gives it a
// default of its own (production), which nobody would guess.

export type Problem = { file: string; line: number; message: string };
export type Found = { name: string; line: number };

const CONFIGURATION = 'docs/configuration.md';
// tests/ and the test runners' configs are left out: what they read is set by the test
// scripts themselves. The benches are in, since people run them with variables of their own.
const CODE_DIRS = ['app', 'lib', 'components', 'scripts', 'bench'];
const CODE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const ROOT_CODE_FILE = /^((server|proxy|middleware)\.(ts|mts|js|mjs)|(next|drizzle)\.config\.\w+)$/;

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
// Keeps every newline, so positions and line numbers in the result match the original.
const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/** Fenced code blocks blanked out; with `inline`, code spans too. */
export function withoutCode(markdown: string, inline = true): string {
  let fence: string | null = null;
  const lines = markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
      fence = null;
      return '';
    }
    return fence === null ? line : '';
  });
  const text = lines.join('\n');
  // A code span ends at the first run of as many backticks, and never crosses a blank line.
  return inline ? text.replace(/(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])+?(?<!`)\1(?!`)/g, blank) : text;
}

/** Every link and image target in a Markdown text, reference definitions included. */
export function findLinks(markdown: string): Found[] {
  const text = withoutCode(markdown);
  const found: Found[] = [];
  const inline = /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
  const reference = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm;
  for (const pattern of [inline, reference])
    for (const m of text.matchAll(pattern)) found.push({ name: m[1].replace(/^<|>$/g, ''), line: lineAt(text, m.index) });
  return found.sort((a, b) => a.line - b.line);
}

/** The anchors GitHub gives a document's ATX headings (github-slugger's rules). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of withoutCode(markdown, false).matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)) {
    const text = m[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>|[`*]/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

// Assignments and deletions change the environment; they do not read it.
function isWrite(source: string, match: RegExpExecArray): boolean {
  const end = match.index + match[0].length;
  return /\bdelete\s+$/.test(source.slice(Math.max(0, match.index - 10), match.index)) || /^\s*=(?![=>])/.test(source.slice(end, end + 5));
}

const IDENT = '[A-Za-z_]\\w*';

/**
 * The environment variables a source file reads: process.env dotted or indexed by a string,
 * destructured from process.env, read from a parameter typed NodeJS.ProcessEnv, passed by
 * name to a helper of the file that indexes process.env with its argument, or declared as a
 * key of a zod object schema in a file that reads process.env (lib/env.ts).
 */
export function findEnvReads(source: string): Found[] {
  const found: Found[] = [];
  const add = (name: string, index: number) => found.push({ name, line: lineAt(source, index) });
  const reads = (object: string) => new RegExp(`(?<![\\w.])${object}(?:\\.(\\w+)|\\[\\s*(['"\`])(\\w+)\\2\\s*\\])`, 'g');

  const objects = ['process\\.env'];
  for (const m of source.matchAll(new RegExp(`(?<![\\w.])(${IDENT})\\??\\s*:\\s*NodeJS\\.ProcessEnv\\b`, 'g'))) objects.push(m[1]);
  for (const object of new Set(objects)) for (const m of source.matchAll(reads(object))) if (!isWrite(source, m)) add(m[1] ?? m[3], m.index);

  for (const m of source.matchAll(/\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*process\.env\b/g))
    for (const entry of m[1].split(',')) {
      const name = entry.split(/[:=]/)[0].trim();
      if (/^[A-Za-z_]\w*$/.test(name)) add(name, m.index);
    }

  const definition = new RegExp(
    `function\\s+(${IDENT})\\s*\\(|(?:const|let|var)\\s+(${IDENT})\\s*=\\s*(?:async\\s*)?(?:\\([^)]*\\)|${IDENT})\\s*(?::[^=;]+)?=>`,
    'g',
  );
  for (const m of source.matchAll(new RegExp(`process\\.env\\[\\s*(${IDENT})\\s*\\]`, 'g'))) {
    if (isWrite(source, m)) continue;
    const helper = [...source.slice(0, m.index).matchAll(definition)].at(-1);
    const name = helper && (helper[1] ?? helper[2]);
    if (!name) continue;
    for (const call of source.matchAll(new RegExp(`(?<![\\w.])${name}\\(\\s*(['"\`])(\\w+)\\1`, 'g'))) add(call[2], call.index);
  }

  if (/\bprocess\.env\b/.test(source))
    for (const m of source.matchAll(/\bz\s*\.object\(\s*\{/g)) {
      let depth = 0;
      let end = m.index + m[0].length - 1;
      for (; end < source.length; end++) {
        if (source[end] === '{') depth++;
        else if (source[end] === '}' && --depth === 0) break;
      }
      const block = source.slice(m.index, end);
      for (const key of block.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*:/gm)) add(key[1], m.index + key.index);
    }

  return found.sort((a, b) => a.line - b.line);
}

/** Names written as a whole code span, such as `DATABASE_URL`. */
export function documentedNames(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/`([A-Za-z_]\w*)`/g)].map((m) => m[1]));
}

function walk(dir: string, keep: RegExp): string[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((rel) => keep.test(rel) && !/(^|\/)(node_modules|\.)/.test(rel));
  return files.map((rel) => path.join(dir, rel));
}

// A malformed escape is kept as written, and then reported as the missing file it names.
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function checkLinks(root: string, file: string, markdown: string, anchorsOf: (file: string) => Set<string>): Problem[] {
  const problems: Problem[] = [];
  const rel = path.relative(root, file);
  for (const { name: target, line } of findLinks(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const [pathPart, anchor] = target.split('#', 2);
    const decoded = safeDecode(pathPart.split('?')[0]);
    const resolved = decoded === '' ? file : decoded.startsWith('/') ? path.join(root, decoded) : path.resolve(path.dirname(file), decoded);
    if (!existsSync(resolved)) problems.push({ file: rel, line, message: `broken link: ${target} (no ${path.relative(root, resolved)})` });
    else if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile() && !anchorsOf(resolved).has(safeDecode(anchor).toLowerCase()))
      problems.push({ file: rel, line, message: `broken link: ${target} (no heading #${anchor} in ${path.relative(root, resolved)})` });
  }
  return problems;
}

/** Every problem of the repository at `root`, in file order. */
export function checkDocs(root: string): Problem[] {
  const docs = [path.join(root, 'README.md'), ...walk(path.join(root, 'docs'), /\.md$/)].filter((f) => existsSync(f));
  const texts = new Map(docs.map((file) => [file, readFileSync(file, 'utf8')]));
  const anchorsOf = (file: string) => headingAnchors(texts.get(file) ?? readFileSync(file, 'utf8'));
  const problems = [...texts].flatMap(([file, text]) => checkLinks(root, file, text, anchorsOf));

  const configuration = path.join(root, CONFIGURATION);
  if (!existsSync(configuration)) return [...problems, { file: CONFIGURATION, line: 1, message: 'missing: every environment variable is documented here' }];
  const documented = documentedNames(readFileSync(configuration, 'utf8'));
  const code = [
    ...CODE_DIRS.flatMap((dir) => walk(path.join(root, dir), CODE_FILE)),
    ...readdirSync(root)
      .filter((name) => ROOT_CODE_FILE.test(name))
      .map((name) => path.join(root, name)),
  ];
  const reported = new Set<string>();
  for (const file of code.sort())
    for (const { name, line } of findEnvReads(readFileSync(file, 'utf8')))
      if (!documented.has(name) && !reported.has(name)) {
        reported.add(name);
        problems.push({ file: path.relative(root, file), line, message: `${name} is read here but not documented in ${CONFIGURATION}` });
      }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const problems = checkDocs(path.resolve(import.meta.dirname, '..'));
  for (const p of problems) process.stdout.write(`${p.file}:${p.line}: ${p.message}\n`);
  process.stdout.write(problems.length > 0 ? `Docs check: ${problems.length} problem(s).\n` : 'Docs check: links and environment variables in order.\n');
  process.exitCode = problems.length > 0 ? 1 : 0;
}
