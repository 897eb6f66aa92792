import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVERY_PAGE_NAMESPACES } from '@/lib/i18n/namespaces';
import en from '@/messages/en.json';

// Shared components appear on pages that bring only their own namespaces, so their strings
// must come from the ones the app layout gives every page: the WhatsApp settings printed
// `auth.showPassword` because the password field read the sign-in pages' namespace.

const ROOT = path.resolve(__dirname, '../..');
const SHARED = ['components/ui', 'lib/forms'];
/** Namespaces a shared module may read beyond those, each with the reason it is safe. */
const ALLOWED: Record<string, string[]> = {
  // Forms bring `validation` with their page, and a form without it is reported by the
  // all-pages check (useText says so in the console as soon as the form renders).
  'lib/forms/use-api-form.ts': ['validation'],
};

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('shared components’ strings', () => {
  it('come from the namespaces every page has', () => {
    const every = new Set<string>(EVERY_PAGE_NAMESPACES);
    const wrong: string[] = [];
    let seen = 0;
    for (const file of SHARED.flatMap(sources)) {
      for (const [, namespace] of readFileSync(path.join(ROOT, file), 'utf8').matchAll(/useText\(\s*['"]([\w.]+)['"]\s*\)/g)) {
        seen += 1;
        if (!every.has(namespace) && !ALLOWED[file]?.includes(namespace)) wrong.push(`${file}: ${namespace}`);
      }
    }
    expect(seen).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });

  it('every page’s namespaces exist', () => {
    for (const namespace of EVERY_PAGE_NAMESPACES) expect(Object.keys(en), namespace).toContain(namespace);
  });
});
