import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { checkAnswer, checkAnswers, pathOf } from '@/lib/interviews/answers';
import { csvCell, csvLine } from '@/lib/interviews/csv-cells';
import { questionsSchema, type Question } from '@/lib/interviews/questions';
import { token } from '@/lib/validation/messages';

const q = (over: Partial<Question> & Pick<Question, 'type'>): Question => ({ id: 'q', title: 'Q', help: '', required: false, skip: [], ...over }) as Question;

describe('answers per type', () => {
  it('short and long text: length and control characters', () => {
    expect(checkAnswer(q({ type: 'short' }), '  hi  ')).toEqual({ value: 'hi' });
    expect(checkAnswer(q({ type: 'short' }), 'x'.repeat(501)).error).toBe(token('stringMax', { max: 500 }));
    expect(checkAnswer(q({ type: 'short' }), 'a\nb').error).toBe(token('controlCharacters'));
    expect(checkAnswer(q({ type: 'long' }), 'a\nb')).toEqual({ value: 'a\nb' });
    expect(checkAnswer(q({ type: 'long' }), 'x'.repeat(5001)).error).toBe(token('stringMax', { max: 5000 }));
  });
  it('required and empty', () => {
    expect(checkAnswer(q({ type: 'short', required: true }), '').error).toBe(token('required'));
    expect(checkAnswer(q({ type: 'short', required: true }), '   ').error).toBe(token('required'));
    expect(checkAnswer(q({ type: 'multiple', options: ['a'], required: true }), []).error).toBe(token('required'));
    expect(checkAnswer(q({ type: 'short' }), '')).toEqual({});
  });
  it('choices take only their options', () => {
    const single = q({ type: 'single', options: ['Red', 'Blue'] });
    expect(checkAnswer(single, 'Red')).toEqual({ value: 'Red' });
    expect(checkAnswer(single, 'Green').error).toBe(token('invalid'));
    expect(checkAnswer(q({ type: 'dropdown', options: ['A'] }), 'B').error).toBe(token('invalid'));
    const multiple = q({ type: 'multiple', options: ['a', 'b', 'c'] });
    expect(checkAnswer(multiple, ['c', 'a', 'a'])).toEqual({ value: ['a', 'c'] });
    expect(checkAnswer(multiple, 'b')).toEqual({ value: ['b'] });
    expect(checkAnswer(multiple, ['a', 'z']).error).toBe(token('invalid'));
  });
  it('rating 1–5 and NPS 0–10 are whole numbers', () => {
    expect(checkAnswer(q({ type: 'rating' }), '5')).toEqual({ value: 5 });
    expect(checkAnswer(q({ type: 'rating' }), 0).error).toBe(token('numberMinEq', { min: 1 }));
    expect(checkAnswer(q({ type: 'rating' }), '2.5').error).toBe(token('number'));
    expect(checkAnswer(q({ type: 'nps' }), '0')).toEqual({ value: 0 });
    expect(checkAnswer(q({ type: 'nps' }), '11').error).toBe(token('numberMaxEq', { max: 10 }));
  });
  it('number within its bounds', () => {
    const n = q({ type: 'number', min: 1, max: 10 });
    expect(checkAnswer(n, '2.5')).toEqual({ value: 2.5 });
    expect(checkAnswer(n, '0').error).toBe(token('numberMinEq', { min: 1 }));
    expect(checkAnswer(n, '11').error).toBe(token('numberMaxEq', { max: 10 }));
    expect(checkAnswer(n, 'ten').error).toBe(token('number'));
  });
  it('date, email and file', () => {
    expect(checkAnswer(q({ type: 'date' }), '2026-02-28')).toEqual({ value: '2026-02-28' });
    expect(checkAnswer(q({ type: 'date' }), '2026-02-31').error).toBe(token('pattern.dateYmd'));
    expect(checkAnswer(q({ type: 'email' }), 'Ana@Example.com')).toEqual({ value: 'ana@example.com' });
    expect(checkAnswer(q({ type: 'email' }), 'not-an-email').error).toBe(token('email'));
    expect(checkAnswer(q({ type: 'file' }), 'text').error).toBe(token('invalid'));
  });
});

describe('skip logic', () => {
  const list: Question[] = [
    q({ id: 'a', type: 'single', options: ['yes', 'no'], skip: [{ equals: 'no', goto: 'c' }] }),
    q({ id: 'b', type: 'short', required: true }),
    q({ id: 'c', type: 'rating', skip: [{ equals: '1', goto: 'end' }] }),
    q({ id: 'd', type: 'short', required: true }),
  ];
  it('follows the first matching rule, forward only', () => {
    expect(pathOf(list, {}).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(pathOf(list, { a: 'no' }).map((x) => x.id)).toEqual(['a', 'c', 'd']);
    expect(pathOf(list, { a: 'no', c: 1 }).map((x) => x.id)).toEqual(['a', 'c']);
  });
  it('checks only the questions on the path and drops the others', () => {
    const result = checkAnswers(list, { a: 'no', b: 'skipped', c: '1', d: '' });
    expect(result.ok).toBe(true);
    expect(result.answers).toEqual({ a: 'no', c: 1 });
    expect(checkAnswers(list, { a: 'yes', c: '3' }).errors).toEqual({ b: token('required'), d: token('required') });
  });
  it('a partial save does not ask for required answers', () => {
    expect(checkAnswers(list, { a: 'yes' }, { partial: true }).ok).toBe(true);
  });
  it('the editor refuses backward jumps, unknown targets and values a question cannot take', () => {
    const bad = (skip: Question['skip']) => safeParse(questionsSchema, [{ ...list[0], skip }, list[1], list[2]]).success;
    expect(bad([{ equals: 'no', goto: 'c' }])).toBe(true);
    expect(bad([{ equals: 'no', goto: 'a' }])).toBe(false);
    expect(bad([{ equals: 'no', goto: 'zz' }])).toBe(false);
    expect(bad([{ equals: 'maybe', goto: 'end' }])).toBe(false);
    expect(safeParse(questionsSchema, [list[1], { ...list[1] }]).success).toBe(false);
  });
});

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });
  it('neutralizes formulas', () => {
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(f).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell(-3)).toBe('-3');
  });
  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});
