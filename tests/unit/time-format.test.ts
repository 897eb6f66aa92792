import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatActivity, formatTime as chatTime } from '@/components/chats/days';
import { localTime } from '@/components/eventlogs/format';
import { formatZoned } from '@/lib/blog/zoned';
import { formatDateTime, formatSantiago, formatTime } from '@/lib/format/date';

// SPEC §9: one time format everywhere, the 24-hour clock, in both languages.

const LATE = '2026-03-05T23:50:30Z';
// "PM", "p. m.", "a. m."… in any of the forms the locales write them.
const TWELVE_HOUR = /\b[ap]\.?\s?m\b\.?/i;

describe('every time the app shows', () => {
  const shown = (locale: string) => ({
    formatDateTime: formatDateTime(LATE, locale, 'UTC'),
    formatDateTimeMedium: formatDateTime(LATE, locale, 'UTC', { date: 'medium', seconds: false }),
    formatTime: formatTime(LATE, locale, 'UTC'),
    formatTimeSeconds: formatTime(LATE, locale, 'UTC', { seconds: true }),
    chatTime: chatTime(LATE, locale, 'UTC'),
    chatActivity: formatActivity(LATE, Date.parse(LATE), locale, 'UTC'),
    eventTime: localTime(LATE, 'UTC', locale),
    blogDate: formatZoned(LATE, 'UTC', locale),
    santiago: formatSantiago('2026-03-06T02:50:30Z'),
  });

  for (const locale of ['en', 'es']) {
    it(`is on the 24-hour clock in ${locale}`, () => {
      for (const [name, text] of Object.entries(shown(locale))) {
        expect(text, name).toContain('23:50');
        expect(text, name).not.toMatch(TWELVE_HOUR);
      }
      expect(formatTime('2026-03-05T00:05:00Z', locale, 'UTC')).toBe('00:05');
      expect(formatDateTime(LATE, locale, 'UTC')).toMatch(/23:50:30$/);
    });
  }
});

const ROOT = path.resolve(__dirname, '../..');
const SHARED = 'lib/format/date.ts';

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** The argument list of each call to `callee` in `text`, balanced on parentheses. */
function calls(text: string, callee: RegExp): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(callee)) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < text.length && depth > 0; i += 1) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
    found.push(text.slice(m.index + m[0].length, i - 1));
  }
  return found;
}

describe('times of day are formatted in one place', () => {
  const files = ['app', 'components', 'lib'].flatMap(sources).filter((f) => f !== SHARED);

  it('no module but the shared one formats an hour', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      if (/\.toLocale(?:Time|Date)?String\(/.test(text)) offenders.push(`${file}: toLocaleString`);
      for (const args of calls(text, /\b(?:Intl\.DateTimeFormat|dateTimeFormat|zonedFormatter)\(/g)) {
        if (/\b(?:hour|hour12|hourCycle|timeStyle)\b/.test(args)) offenders.push(`${file}: ${args.replace(/\s+/g, ' ').slice(0, 80)}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('finds what it looks for', () => {
    expect(calls("new Intl.DateTimeFormat(locale, { hour: '2-digit', x: f(1) }).format(d)", /\bIntl\.DateTimeFormat\(/g)).toEqual([
      "locale, { hour: '2-digit', x: f(1) }",
    ]);
  });
});
