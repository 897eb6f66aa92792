import { describe, expect, it } from 'vitest';
import { matchCanned } from '@/components/requests/CannedPicker';
import { fillPlaceholders, insertAt } from '@/lib/requests/placeholders';
import { bulkSchema, ratingSchema } from '@/lib/requests/schemas';

const values = { name: 'Ana Pérez', project: 'Demo Studio', agent: 'Sam' };

describe('canned reply placeholders', () => {
  it('fills every known placeholder, however often and however spaced or cased', () => {
    expect(fillPlaceholders('Hi {{name}}, {{agent}} from {{project}} here. Bye {{name}}!', values)).toBe(
      'Hi Ana Pérez, Sam from Demo Studio here. Bye Ana Pérez!',
    );
    expect(fillPlaceholders('{{ Name }} / {{PROJECT}}', values)).toBe('Ana Pérez / Demo Studio');
  });

  it('leaves unknown names, single braces and broken ones as written', () => {
    expect(fillPlaceholders('{{order}} {name} {{name} {{ }}', values)).toBe('{{order}} {name} {{name} {{ }}');
  });

  it('does not read a value as a pattern (a name with $& or braces stays literal)', () => {
    expect(fillPlaceholders('Hi {{name}}', { ...values, name: '$& {{agent}}' })).toBe('Hi $& {{agent}}');
  });
});

describe('inserting into the composer', () => {
  it('goes where the caret is, apart from the text around it, and puts the caret after it', () => {
    expect(insertAt('', 'Hello', 0, 0)).toEqual({ text: 'Hello', caret: 5 });
    expect(insertAt('Thanks', 'Hello', 6, 6)).toEqual({ text: 'Thanks\n\nHello', caret: 13 });
    expect(insertAt('Thanks', 'Hello', 0, 0)).toEqual({ text: 'Hello\n\nThanks', caret: 5 });
    expect(insertAt('Line\n', 'Hello', 5, 5)).toEqual({ text: 'Line\n\nHello', caret: 11 });
  });

  it('replaces the selected text', () => {
    expect(insertAt('Dear X, bye', 'Ana', 5, 6).text).toBe('Dear \n\nAna\n\n, bye');
    expect(insertAt('AB', 'x', 0, 2)).toEqual({ text: 'x', caret: 1 });
  });
});

describe('searching canned replies', () => {
  const replies = [
    { id: '1', title: 'Refund accepted', body: 'Your money is on its way', updatedAt: '' },
    { id: '2', title: 'Password reset', body: 'Use the link to reset it', updatedAt: '' },
  ];
  it('matches every word in the title or the text, in any case', () => {
    expect(matchCanned(replies, '').map((r) => r.id)).toEqual(['1', '2']);
    expect(matchCanned(replies, 'REFUND').map((r) => r.id)).toEqual(['1']);
    expect(matchCanned(replies, 'link reset').map((r) => r.id)).toEqual(['2']);
    expect(matchCanned(replies, 'refund link')).toEqual([]);
  });
});

describe('rating and bulk schemas', () => {
  it('a rating needs a score (missing reads as required), the comment is optional and bounded', () => {
    expect(ratingSchema.safeParse({}).error?.issues.map((i) => i.message)).toEqual(['validation.required']);
    expect(ratingSchema.safeParse({ score: 'meh' }).error?.issues.map((i) => i.message)).toEqual(['validation.invalid']);
    expect(ratingSchema.parse({ score: 'good' })).toEqual({ score: 'good', comment: '' });
    expect(ratingSchema.safeParse({ score: 'bad', comment: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('a bulk action names what it needs, and each id once', () => {
    const id = '0b7e1c2a-1111-4222-8333-944455556666';
    expect(bulkSchema.parse({ ids: [id, id.toUpperCase()], action: 'close' }).ids).toEqual([id]);
    expect(bulkSchema.safeParse({ ids: [id], action: 'status' }).success).toBe(false);
    expect(bulkSchema.safeParse({ ids: [id], action: 'assign' }).success).toBe(false);
    expect(bulkSchema.parse({ ids: [id], action: 'assign', assigneeId: null }).assigneeId).toBeNull();
  });
});
