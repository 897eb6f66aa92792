import type { NextRequest } from 'next/server';
import { safeParse, type z } from 'zod/mini';
import { findUnstorable } from '../validation/storable';
import { HttpError } from './errors';

export const JSON_LIMIT_BYTES = 1024 * 1024;

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

/**
 * Refuses a value holding text the database cannot store (NUL, a lone surrogate) anywhere,
 * known field or not, naming where: one check for every body, query and path segment, so
 * no schema has to remember it and no such text reaches a query.
 */
export function assertStorable(value: unknown): void {
  const found = findUnstorable(value);
  if (found) throw new ValidationError([{ code: 'custom', path: found.path, message: found.message, input: undefined } as z.core.$ZodIssue]);
}

// Any zod 4 schema, classic or mini (the shared form schemas are mini to keep client bundles small).
export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  assertStorable(value);
  const parsed = safeParse(schema, value);
  if (!parsed.success) throw new ValidationError(parsed.error.issues);
  return parsed.data;
}

export function parseJsonText(text: string): unknown {
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
