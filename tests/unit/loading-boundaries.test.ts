import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A route's loading.tsx starts the response before its pages run, so a page under it that calls
// notFound() can only answer 200 with the not-found view (a soft 404: wrong for crawlers, API
// clients and other projects' ids). List pages keep their skeleton by sitting with it in a
// route group, away from the detail pages beside them.
const APP = path.join(process.cwd(), 'app');

function filesUnder(dir: string, name: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) filesUnder(full, name, out);
    else if (entry === name) out.push(full);
  }
  return out;
}

describe('loading boundaries', () => {
  const loadings = filesUnder(APP, 'loading.tsx');

  it('exist for the dashboard lists', () => {
    expect(loadings.length).toBeGreaterThan(5);
  });

  it.each(loadings.map((file) => [path.relative(APP, file)]))('%s wraps no page that answers 404', (relative) => {
    const pages = filesUnder(path.dirname(path.join(APP, relative)), 'page.tsx');
    const soft404 = pages.filter((page) => /\bnotFound\(/.test(readFileSync(page, 'utf8'))).map((page) => path.relative(APP, page));
    expect(soft404).toEqual([]);
  });
});
