import type { NextRequest } from 'next/server';
import { safeParse, type z } from 'zod/mini';
import { HttpError } from './errors';

const JSON_LIMIT_BYTES = 1024 * 1024;

/** Reads the body, refusing it with 413 as soon as it passes `limit` bytes. */
async function readBytes(req: NextRequest, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new HttpError(413, 'bodyTooLarge');
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(413, 'bodyTooLarge');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/** Thrown when a body fails its schema; the route wrapper translates each field. */
export class ValidationError extends HttpError {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super(400, 'invalidInput');
  }
}

// Any zod 4 schema, classic or mini (the shared form schemas are mini to keep client bundles small).
export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = safeParse(schema, value);
  if (!parsed.success) throw new ValidationError(parsed.error.issues);
  return parsed.data;
}

function parseJsonText(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalidJson');
  }
}

/** A JSON body (≤ 1 MB) checked against a shared schema. */
export async function readJson<S extends z.core.$ZodType>(req: NextRequest, schema: S): Promise<z.infer<S>> {
  const type = req.headers.get('content-type') ?? '';
  const bytes = await readBytes(req, JSON_LIMIT_BYTES);
  if (bytes.byteLength > 0 && !/^application\/json\b/i.test(type)) throw new HttpError(415, 'jsonExpected');
  return parseWith(schema, parseJsonText(new TextDecoder().decode(bytes)));
}

/**
 * A multipart body: its `json` part checked against the schema, and its files, whose part
 * names must match `fileParts`. Any other part, a repeated one or text where a file belongs
 * is refused rather than ignored, so a client never believes that something it sent was
 * kept. The whole body is bounded by `limit`; each caller checks its own files' sizes and types.
 */
export async function readMultipart<S extends z.core.$ZodType>(
  req: NextRequest,
  schema: S,
  limit: number,
  fileParts: RegExp,
): Promise<{ data: z.infer<S>; files: Map<string, File> }> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, 'multipartExpected');
  const bytes = await readBytes(req, limit);
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'invalidMultipart');
  }
  let json: string | null = null;
  const files = new Map<string, File>();
  for (const [name, value] of form.entries()) {
    if (name === 'json' && json === null) json = typeof value === 'string' ? value : await value.text();
    else if (fileParts.test(name) && typeof value !== 'string' && !files.has(name)) files.set(name, value);
    else throw new HttpError(400, 'unexpectedPart', {}, { part: name.slice(0, 40) });
  }
  if (json !== null && json.length > JSON_LIMIT_BYTES) throw new HttpError(413, 'bodyTooLarge');
  return { data: parseWith(schema, parseJsonText(json ?? '')), files };
}
