import type { NextRequest } from 'next/server';
import { HttpError } from '../http/errors';
import type { Locale } from '../i18n/locales';
import { pathFor } from '../routes/match';
import type { SubmitResult } from './public';
import type { SubmitInput } from './schemas';

/**
 * The public form's fields as the submit schema takes them: `q_<id>` answers (repeated for
 * several choices, a File for uploads), `h_<name>` hidden fields, and the form's own `key`,
 * `slug`, `token`, `final`, `captchaCode`, `startedAt`. `js=1` marks the enhanced form.
 */
export function formToSubmit(form: FormData, maxQuestions: number) {
  const answers: Record<string, string | string[]> = {};
  const hidden: Record<string, string> = {};
  const files = new Map<string, File>();
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    if (name.startsWith('q_') && Object.keys(answers).length < maxQuestions) {
      const id = name.slice(2);
      const texts = values.filter((v): v is string => typeof v === 'string');
      const file = values.find((v): v is File => typeof v !== 'string');
      if (file) files.set(name, file);
      else answers[id] = texts.length > 1 || name.endsWith('[]') ? texts : (texts[0] ?? '');
    } else if (name.startsWith('h_') && typeof values[0] === 'string') hidden[name.slice(2)] = values[0];
  }
  // A multiple-choice question posts `q_<id>[]` so one ticked box still reads as a list.
  for (const id of Object.keys(answers)) {
    if (id.endsWith('[]')) {
      answers[id.slice(0, -2)] = ([] as string[]).concat(answers[id]);
      delete answers[id];
    }
  }
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  const input = {
    key: text('key') ?? '',
    slug: text('slug'),
    token: text('token'),
    answers,
    hidden,
    final: text('final') !== '0',
    captchaCode: text('captchaCode') ?? '',
    startedAt: text('startedAt'),
  };
  return { input, files, viaScript: text('js') === '1' };
}

/** Where the form without JavaScript lands after posting: the thanks, or its answers again with their errors. */
export function pageAfter(locale: Locale, input: SubmitInput, result: SubmitResult): string {
  const base = pathFor('interview', locale, { key: input.key });
  const query = new URLSearchParams();
  if (input.slug) query.set('i', input.slug);
  if (result.outcome === 'complete') query.set('done', '1');
  else if (result.outcome === 'limited') query.set('limited', '1');
  else {
    query.set('r', result.token);
    if (result.outcome === 'invalid') query.set('check', '1');
  }
  return `${base}?${query}`;
}

/**
 * A form body (urlencoded or multipart) read up to `limit` bytes: a larger declared length
 * is refused before reading, and the read stops at the first byte past it, so a body
 * without a length cannot grow without bound either.
 */
export async function readForm(req: NextRequest, limit: number): Promise<FormData> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new HttpError(413, 'bodyTooLarge');
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body?.getReader();
  for (;;) {
    const next = reader ? await reader.read() : { done: true as const, value: undefined };
    if (next.done) break;
    size += next.value.byteLength;
    if (size > limit) {
      await reader!.cancel();
      throw new HttpError(413, 'bodyTooLarge');
    }
    chunks.push(next.value);
  }
  try {
    return await new Response(new Blob(chunks as BlobPart[]), { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw new HttpError(400, 'invalidMultipart');
  }
}
