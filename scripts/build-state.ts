import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// What the production build is made from; a change to any of it means a rebuild.
const INPUTS = ['app', 'components', 'lib', 'messages', 'public', 'proxy.ts', 'next.config.ts', 'postcss.config.mjs', 'package-lock.json', 'tsconfig.json'];
export const STAMP = path.join('.next', 'atrio-source-hash');

function walk(target: string, out: string[]) {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isDirectory()) for (const entry of readdirSync(target).sort()) walk(path.join(target, entry), out);
  else out.push(target);
}

export function sourceHash(root = process.cwd()): string {
  const files: string[] = [];
  for (const input of INPUTS) walk(path.join(root, input), files);
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

export function buildIsCurrent(root = process.cwd()): boolean {
  const stamp = path.join(root, STAMP);
  return existsSync(path.join(root, '.next', 'BUILD_ID')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === sourceHash(root);
}
