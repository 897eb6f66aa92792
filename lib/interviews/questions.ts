import * as z from 'zod/mini';
import { field, form } from '../validation/field';
import { token } from '../validation/messages';
import { maxLength, required } from '../validation/rules';
import { LONG_TEXT_MAX, OPTION_MAX, OPTIONS_MAX, QUESTION_HELP_MAX, QUESTION_TITLE_MAX, QUESTIONS_MAX, SHORT_TEXT_MAX, SKIP_RULES_MAX } from './limits';

// The question types as one discriminated union, shared by the editor, the public form and
// the server (no server imports here): each type's extra settings live beside it.

export const QUESTION_TYPES = ['short', 'long', 'single', 'multiple', 'dropdown', 'rating', 'nps', 'number', 'date', 'email', 'file'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const CHOICE_TYPES = ['single', 'multiple', 'dropdown'] as const satisfies readonly QuestionType[];
/** Types whose summary counts each value (and charts it). */
export const COUNTED_TYPES: readonly QuestionType[] = ['single', 'multiple', 'dropdown', 'rating', 'nps'];
/** Free answers: the summary shows the newest few instead of counts. */
export const TEXT_TYPES: readonly QuestionType[] = ['short', 'long'];
export const END = 'end';

const invalid = { error: token('invalid') };
const id = z.string(invalid).check(z.regex(/^[a-z0-9]{1,24}$/, invalid));
const option = field([required(), maxLength(OPTION_MAX)]);
const skipRule = form({ equals: z.string(invalid).check(z.maxLength(OPTION_MAX, invalid)), goto: id });
const limit = () => z.optional(z.nullable(z.number(invalid).check(z.int(invalid), z.gte(-1e12, invalid), z.lte(1e12, invalid))));

const base = {
  id,
  title: field([required(), maxLength(QUESTION_TITLE_MAX)]),
  help: z._default(field([maxLength(QUESTION_HELP_MAX)], { text: 'multiline' }), ''),
  required: z._default(z.boolean(invalid), false),
  skip: z._default(z.array(skipRule, invalid).check(z.maxLength(SKIP_RULES_MAX, invalid)), []),
};
const options = z.array(option, invalid).check(z.minLength(1, invalid), z.maxLength(OPTIONS_MAX, invalid));
const kind = <T extends QuestionType>(type: T) => z.literal(type, invalid);

export const questionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ ...base, type: kind('short') }),
    z.object({ ...base, type: kind('long') }),
    z.object({ ...base, type: kind('single'), options }),
    z.object({ ...base, type: kind('multiple'), options }),
    z.object({ ...base, type: kind('dropdown'), options }),
    z.object({ ...base, type: kind('rating') }),
    z.object({ ...base, type: kind('nps') }),
    z.object({ ...base, type: kind('number'), min: limit(), max: limit() }),
    z.object({ ...base, type: kind('date') }),
    z.object({ ...base, type: kind('email') }),
    z.object({ ...base, type: kind('file') }),
  ],
  invalid,
);
export type Question = z.output<typeof questionSchema>;

/** Text answers' lengths by type; the editor shows them as hints. */
export function textMax(type: QuestionType): number {
  return type === 'long' ? LONG_TEXT_MAX : SHORT_TEXT_MAX;
}

export function isChoice(q: Question): q is Extract<Question, { options: string[] }> {
  return 'options' in q;
}

/**
 * The list as a whole: unique ids and options, number bounds in order, skip rules that
 * jump forward (so every path ends) to a question that exists, on a value the question
 * can take.
 */
function coherent(list: Question[], ctx: z.core.$RefinementCtx<Question[]>) {
  const index = new Map<string, number>();
  list.forEach((q, i) => {
    if (index.has(q.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: token('invalid'), input: q.id });
    index.set(q.id, i);
  });
  list.forEach((q, i) => {
    if (isChoice(q) && new Set(q.options).size !== q.options.length)
      ctx.addIssue({ code: 'custom', path: [i, 'options'], message: token('invalid'), input: q.options });
    if (q.type === 'number' && q.min != null && q.max != null && q.min > q.max)
      ctx.addIssue({ code: 'custom', path: [i, 'max'], message: token('numberMinEq', { min: q.min }), input: q.max });
    q.skip.forEach((rule, r) => {
      const target = index.get(rule.goto);
      if (rule.goto !== END && (target === undefined || target <= i))
        ctx.addIssue({ code: 'custom', path: [i, 'skip', r, 'goto'], message: token('invalid'), input: rule.goto });
      if (!skipValues(q).includes(rule.equals)) ctx.addIssue({ code: 'custom', path: [i, 'skip', r, 'equals'], message: token('invalid'), input: rule.equals });
    });
  });
}

/** The answers a skip rule may test: a choice's options, a scale's points; free answers take none. */
export function skipValues(q: Question): string[] {
  if (isChoice(q)) return q.options;
  if (q.type === 'rating') return ['1', '2', '3', '4', '5'];
  if (q.type === 'nps') return Array.from({ length: 11 }, (_, n) => String(n));
  return [];
}

export const questionsSchema = z.array(questionSchema, invalid).check(z.maxLength(QUESTIONS_MAX, invalid)).check(z.superRefine(coherent));

export const questionsInputSchema = form({ questions: questionsSchema });
export type QuestionsInput = z.output<typeof questionsInputSchema>;

/** A fresh question id: short, lower-case, unlikely to repeat within one interview. */
export function newQuestionId(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, '0');
}
