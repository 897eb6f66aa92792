import { matchesPattern } from '../validation/patterns';
import { token } from '../validation/messages';
import { END, isChoice, textMax, type Question } from './questions';

// Answer checks shared by the public form (as the respondent types) and the server (which
// decides): one set of rules, so the two never disagree.

/** A stored upload answering a file question. */
export type FileAnswer = { key: string; name: string; type: string; size: number };
export type AnswerValue = string | number | string[] | FileAnswer;
export type Answers = Record<string, AnswerValue>;

function asText(value: unknown): string | undefined {
  if (Array.isArray(value)) value = value[0];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : undefined;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The answer as it compares for skip rules: the text of a value, or each value of a list. */
function matches(value: AnswerValue | undefined, equals: string): boolean {
  if (value === undefined) return false;
  if (Array.isArray(value)) return value.includes(equals);
  return typeof value === 'object' ? false : String(value) === equals;
}

/**
 * The questions a respondent reaches with these answers, in order: after each one, its first
 * skip rule whose value matches jumps to its target (or ends); otherwise the next follows.
 * Rules only jump forward, so every path ends.
 */
export function pathOf(questions: readonly Question[], answers: Readonly<Answers>): Question[] {
  const out: Question[] = [];
  let i = 0;
  while (i < questions.length) {
    const q = questions[i];
    out.push(q);
    const rule = q.skip.find((r) => matches(answers[q.id], r.equals));
    if (!rule) i += 1;
    else if (rule.goto === END) break;
    else {
      const target = questions.findIndex((x) => x.id === rule.goto);
      i = target > i ? target : i + 1;
    }
  }
  return out;
}

type Checked = { value?: AnswerValue; error?: string };

function checkInteger(raw: unknown, min: number, max: number): Checked {
  const text = asText(raw);
  if (!text) return {};
  const n = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n)) return { error: token('number') };
  if (n < min) return { error: token('numberMinEq', { min }) };
  if (n > max) return { error: token('numberMaxEq', { max }) };
  return { value: n };
}

/** One answer normalised, or the validation token explaining why it cannot be taken. */
export function checkAnswer(q: Question, raw: unknown): Checked {
  if (isEmpty(raw)) return q.required ? { error: token('required') } : {};
  switch (q.type) {
    case 'short':
    case 'long': {
      const text = asText(raw);
      if (text === undefined) return { error: token('invalid') };
      // Line breaks only where the answer is a paragraph; other control characters never.
      const bad = q.type === 'long' ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/;
      if (bad.test(text)) return { error: token('controlCharacters') };
      const max = textMax(q.type);
      if ([...text].length > max) return { error: token('stringMax', { max }) };
      return text ? { value: text } : q.required ? { error: token('required') } : {};
    }
    case 'email': {
      const text = asText(raw)?.toLowerCase();
      if (!text || text.length > 254 || !matchesPattern('email', text)) return { error: token('email') };
      return { value: text };
    }
    case 'date': {
      const text = asText(raw);
      if (!text || !matchesPattern('dateYmd', text)) return { error: token('pattern.dateYmd') };
      return { value: text };
    }
    case 'single':
    case 'dropdown': {
      const text = asText(raw);
      return text !== undefined && q.options.includes(text) ? { value: text } : { error: token('invalid') };
    }
    case 'multiple': {
      const list = (Array.isArray(raw) ? raw : [raw]).map(asText);
      if (list.some((v) => v === undefined || !q.options.includes(v))) return { error: token('invalid') };
      // Kept in the question's order, each once.
      return { value: q.options.filter((o) => list.includes(o)) };
    }
    case 'rating':
      return checkInteger(raw, 1, 5);
    case 'nps':
      return checkInteger(raw, 0, 10);
    case 'number': {
      const text = asText(raw);
      const n = text ? Number(text) : NaN;
      if (!text || !/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(n)) return { error: token('number') };
      if (q.min != null && n < q.min) return { error: token('numberMinEq', { min: q.min }) };
      if (q.max != null && n > q.max) return { error: token('numberMaxEq', { max: q.max }) };
      return { value: n };
    }
    case 'file': {
      const f = raw as FileAnswer;
      return f && typeof f === 'object' && typeof f.key === 'string' ? { value: f } : { error: token('invalid') };
    }
  }
}

/**
 * Every answer on the respondent's path checked; answers to questions off the path (or
 * unknown) are dropped, so a changed branch leaves nothing behind. `partial` skips the
 * required check: a saved draft may be incomplete.
 */
export function checkAnswers(questions: readonly Question[], raw: Readonly<Record<string, unknown>>, options: { partial?: boolean } = {}) {
  const answers: Answers = {};
  const errors: Record<string, string> = {};
  // The path depends on the answers themselves: it is walked with the normalised ones so far.
  for (const q of pathOf(questions, raw as Answers)) {
    const { value, error } = checkAnswer(q, raw[q.id]);
    if (error && !(options.partial && error === token('required'))) errors[q.id] = error;
    else if (value !== undefined) answers[q.id] = value;
  }
  return { answers, errors, ok: Object.keys(errors).length === 0 };
}

/** An answer as one line of text (tables, CSV): lists joined, files by name. */
export function answerText(value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'object') return value.name;
  return String(value);
}

export { isChoice };
