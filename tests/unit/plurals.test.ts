import { describe, expect, it } from 'vitest';
import { format } from '@/lib/i18n/format';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

// Counts are ICU plurals in both languages ("1 card", "2 cards"; "1 tarjeta", "2 tarjetas"):
// a message that puts a number straight before a word ("{count} cards") reads "1 cards".

const CATALOGUES = { en, es } as const;
/** Arguments that hold a count (besides those any message already pluralises). */
const COUNTS = ['count', 'total', 'n', 'max', 'min', 'days', 'hours', 'minutes', 'seconds', 'credits', 'digits', 'limit', 'pages', 'columns', 'cards'];
/** Words that may follow a count without agreeing with it: "{n} of {total}", "{count} y …", units. */
const INVARIABLE = new Set(['of', 'and', 'or', 'in', 'per', 'to', 'de', 'del', 'y', 'o', 'en', 'por', 'a', 'MB', 'KB', 'GB', 'min']);
/** Messages whose count is followed by a word that never changes with it, each with the reason. */
const NOT_COUNTS: Record<string, string> = {
  'en notifications.bellUnread': 'English adjectives do not change with the count ("1 unread", "2 unread")',
  'en chats.unreadCount': 'English adjectives do not change with the count',
  'en profiles.selectedCount': 'English adjectives do not change with the count ("1 of 5 selected")',
  'en interviews.responses.answered': 'an English verb in the past does not change with the count ("1 answered")',
  'es notifications.bellUnread': '"sin leer" does not change with the count ("1 sin leer", "2 sin leer")',
  'es chats.unreadCount': '"sin leer" does not change with the count',
};

function messages(tree: unknown, prefix = ''): [string, string][] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : messages(v, `${prefix}${k}.`)));
}

/** The message with its `{x, plural, …}` choices taken out, and the names those choices select on. */
function withoutPlurals(text: string): { rest: string; plural: string[] } {
  const plural: string[] = [];
  let rest = text;
  for (let m = /\{(\w+),\s*(?:plural|selectordinal),/.exec(rest); m; m = /\{(\w+),\s*(?:plural|selectordinal),/.exec(rest)) {
    plural.push(m[1]);
    let depth = 0;
    let i = m.index;
    for (; i < rest.length; i += 1) {
      depth += rest[i] === '{' ? 1 : rest[i] === '}' ? -1 : 0;
      if (depth === 0) break;
    }
    rest = `${rest.slice(0, m.index)}#${rest.slice(i + 1)}`;
  }
  return { rest, plural };
}

const pluralised = new Set(Object.values(CATALOGUES).flatMap((c) => messages(c).flatMap(([, text]) => withoutPlurals(text).plural)));
const countNames = new Set([...COUNTS, ...pluralised]);

/** The count arguments of a message that stand right before a word. */
export function bareCounts(text: string): string[] {
  const { rest } = withoutPlurals(text);
  return [...rest.matchAll(/\{(\w+)\}\s+(\p{L}+)/gu)]
    .filter(([, name, word]) => countNames.has(name) && !INVARIABLE.has(word) && !INVARIABLE.has(word.toLowerCase()))
    .map(([whole]) => whole);
}

describe('counts', () => {
  it('are plurals wherever a word follows them, in both languages', () => {
    const bare = Object.entries(CATALOGUES).flatMap(([locale, catalogue]) =>
      messages(catalogue)
        .filter(([key]) => !(`${locale} ${key}` in NOT_COUNTS))
        .flatMap(([key, text]) => bareCounts(text).map((hit) => `${locale} ${key}: ${hit}`)),
    );
    expect(bare).toEqual([]);
  });

  it('the check sees what it should', () => {
    expect(bareCounts('{count} cards')).toEqual(['{count} cards']);
    expect(bareCounts('Summary · {total} responses')).toEqual(['{total} responses']);
    expect(bareCounts('{count} of {max} files')).toEqual(['{max} files']);
    expect(bareCounts('{count, plural, one {# card} other {# cards}} in {name}')).toEqual([]);
    expect(bareCounts('Invoice {number} sent.')).toEqual([]);
  });

  it('read right for one and for many', () => {
    expect(format(en.boards.cardCount, { count: 1 }, 'en')).toBe('1 card');
    expect(format(en.boards.cardCount, { count: 2 }, 'en')).toBe('2 cards');
    expect(format(es.boards.cardCount, { count: 1 }, 'es')).toBe('1 tarjeta');
    expect(format(es.boards.commentsCount, { count: 3 }, 'es')).toBe('3 comentarios');
    expect(format(en.interviews.responses.total, { count: 1 }, 'en')).toBe('1 response');
    expect(format(en.boards.filesCount, { count: 1 }, 'en')).toBe('1 file');
  });
});
