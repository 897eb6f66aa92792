import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDateTime, relativeTime } from '@/lib/format/date';
import { collator, dateTimeFormat, numberFormat, pluralRules } from '@/lib/format/intl';

describe('Intl formatters are made once per setting', () => {
  it('gives the same formatter for the same locale and options, another for others', () => {
    const a = dateTimeFormat('en', { dateStyle: 'short', timeZone: 'UTC' });
    expect(dateTimeFormat('en', { dateStyle: 'short', timeZone: 'UTC' })).toBe(a);
    expect(dateTimeFormat('es', { dateStyle: 'short', timeZone: 'UTC' })).not.toBe(a);
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })).not.toBe(a);
    expect(numberFormat(['es'])).toBe(numberFormat('es'));
    expect(pluralRules('en').select(1)).toBe('one');
    expect(collator('es', { sensitivity: 'base' }).compare('a', 'Á')).toBe(0);
  });

  it('formats as a new formatter does, and still refuses an unknown zone', () => {
    expect(dateTimeFormat('es', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-03-05T12:00:00Z'))).toBe(
      new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-03-05T12:00:00Z')),
    );
    expect(() => dateTimeFormat('en', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    // The shared date helpers fall back to the runtime's zone rather than failing.
    expect(formatDateTime('2026-03-05T23:50:30Z', 'en', 'Mars/Olympus')).not.toBe('');
    expect(relativeTime('2026-03-05T09:00:00Z', Date.parse('2026-03-05T12:00:00Z'), 'en')).toBe('3 hours ago');
  });

  it('stays bounded however many settings are asked for', () => {
    const first = numberFormat('en', { minimumIntegerDigits: 1 });
    // 600 distinct settings (441 pairs of digit counts, each with and without grouping).
    for (let i = 0; i < 600; i += 1)
      numberFormat('en', { minimumIntegerDigits: 1 + (i % 21), maximumFractionDigits: Math.floor(i / 21) % 21, useGrouping: i % 2 === 0 });
    // Over the bound the memo starts over, so an early setting is made anew.
    expect(numberFormat('en', { minimumIntegerDigits: 1 })).not.toBe(first);
  });
});

const ROOT = path.resolve(__dirname, '../..');
const SHARED = 'lib/format/intl.ts';

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('no module builds its own Intl formatter', () => {
  it('every formatter in app, components and lib comes from lib/format/intl.ts', () => {
    const offenders = ['app', 'components', 'lib']
      .flatMap(sources)
      .filter((f) => f !== SHARED)
      .filter((f) =>
        /new Intl\.(?:DateTimeFormat|NumberFormat|RelativeTimeFormat|PluralRules|DisplayNames|Collator|ListFormat)\(/.test(
          readFileSync(path.join(ROOT, f), 'utf8'),
        ),
      );
    expect(offenders).toEqual([]);
  });
});
