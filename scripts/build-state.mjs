import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// Plain JavaScript: `npm start` reads it with node alone, before anything is compiled.

// What the production build is made from (the server included); a change to any of it means a rebuild.
const INPUTS = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'proxy.ts',
  'server.ts',
  'next.config.mjs',
  'postcss.config.mjs',
  'package-lock.json',
  'tsconfig.json',
];
export const STAMP = path.join('.next', 'atrio-source-hash');
/** The server, compiled by `npm run build`: production runs it with plain node. */
export const SERVER_ENTRY = path.join('.next', 'atrio', 'server.mjs');

function walk(target, out) {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isDirectory()) for (const entry of readdirSync(target).sort()) walk(path.join(target, entry), out);
  else out.push(target);
}

export function sourceHash(root = process.cwd()) {
  const files = [];
  for (const input of INPUTS) walk(path.join(root, input), files);
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

export function buildIsCurrent(root = process.cwd()) {
  const stamp = path.join(root, STAMP);
  return (
    existsSync(path.join(root, '.next', 'BUILD_ID')) &&
    existsSync(path.join(root, SERVER_ENTRY)) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === sourceHash(root)
  );
}
