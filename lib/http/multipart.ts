import busboy from 'busboy';
import type { NextRequest } from 'next/server';
import type { z } from 'zod/mini';
import { JSON_LIMIT_BYTES, parseJsonText, parseWith } from './body';
import { HttpError } from './errors';

export type MultipartLimits = {
  /** The whole body, framing included: a larger Content-Length is refused before a byte is read. */
  limit: number;
  /** How a body over `limit` is refused; 413 bodyTooLarge unless the caller's limit has a reason of its own (a quota). */
  tooLarge?: () => HttpError;
  /** Names of the file parts; any other name, a repeated one or text under one of these is refused. */
  fileParts: RegExp;
  /** Files one request may carry; the next one is refused with `tooMany`. */
  maxFiles: number;
  tooMany?: (part: string) => HttpError;
  /** Bytes one file may have; the parse stops the moment a file passes it. */
  fileBytes: number;
  /** How a file over `fileBytes` is refused, naming its part and file so the form can show which one. */
  fileTooLarge?: (part: string, fileName: string) => HttpError;
  /** Counts the bytes read, whether the parse succeeds or not (volume limits charge what arrived). */
  meter?: { bytes: number };
};

const unexpected = (name: string) => new HttpError(400, 'unexpectedPart', {}, { part: name.slice(0, 40) });
const bodyTooLarge = () => new HttpError(413, 'bodyTooLarge');
const defaultFileTooLarge = (part: string) => new HttpError(413, 'fileTooLarge', { [part]: 'fileTooLarge' });
const defaultTooMany = (part: string) => unexpected(part);

/** Resolves when the parser wants more, or can take nothing more (it failed or closed). */
function drained(parser: busboy.Busboy): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of ['drain', 'error', 'close']) parser.off(event, done);
      resolve();
    };
    for (const event of ['drain', 'error', 'close']) parser.once(event, done);
  });
}

type Parsed = { json: string | null; files: Map<string, File> };

/** Feeds `body` to a busboy parser, enforcing the limits as bytes arrive; rejects with the first refusal. */
async function parseStream(body: ReadableStream<Uint8Array> | null, type: string, limits: MultipartLimits): Promise<Parsed> {
  let failure: HttpError | null = null;
  const fail = (error: unknown) => {
    failure ??= error instanceof HttpError ? error : new HttpError(400, 'invalidMultipart');
  };
  let parser: busboy.Busboy;
  try {
    // One more than allowed: busboy flags a part when it reaches its limit, and exactly the limit is fine.
    parser = busboy({
      headers: { 'content-type': type },
      limits: { fileSize: limits.fileBytes + 1, fieldSize: JSON_LIMIT_BYTES + 1, fieldNameSize: 200, headerPairs: 20 },
    });
  } catch {
    throw new HttpError(400, 'invalidMultipart');
  }
  let json: string | null = null;
  let jsonSeen = false;
  const files = new Map<string, File>();
  const pending: Promise<void>[] = [];
  /** What a part is, or throws its refusal. Names are claimed as parts begin, so a repeat is refused at once. */
  const claim = (name: string, isFile: boolean): 'json' | 'file' => {
    if (name === 'json' && !jsonSeen) {
      jsonSeen = true;
      return 'json';
    }
    // Text where a file belongs is refused like any stray part.
    if (!isFile || !limits.fileParts.test(name) || files.has(name)) throw unexpected(name);
    if (files.size >= limits.maxFiles) throw (limits.tooMany ?? defaultTooMany)(name);
    files.set(name, new File([], ''));
    return 'file';
  };
  parser.on('field', (name, value, info) => {
    if (failure) return;
    try {
      claim(name, false);
    } catch (error) {
      return fail(error);
    }
    if (info.valueTruncated) return fail(bodyTooLarge());
    json = value;
  });
  // Older clients may send the JSON part as a file; it gets the same 1 MB bound.
  parser.on('file', (name, stream, info) => {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let kind: 'json' | 'file';
    try {
      if (failure) throw failure;
      kind = claim(name, true);
    } catch (error) {
      fail(error);
      stream.resume();
      return;
    }
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (kind === 'json' && size > JSON_LIMIT_BYTES) fail(bodyTooLarge());
      else chunks.push(new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.byteLength));
    });
    stream.on('limit', () => fail(kind === 'json' ? bodyTooLarge() : (limits.fileTooLarge ?? defaultFileTooLarge)(name, info.filename ?? '')));
    // A part cut short errs here as well as on the parser, which reports it.
    stream.on('error', () => undefined);
    pending.push(
      new Promise((resolve) => {
        stream.on('end', () => {
          if (kind === 'json') json = Buffer.concat(chunks).toString('utf8');
          else files.set(name, new File(chunks, info.filename ?? '', { type: info.mimeType }));
          resolve();
        });
        stream.on('close', resolve);
      }),
    );
  });
  parser.on('error', fail);
  const finished = new Promise<void>((resolve) => parser.on('close', resolve));

  const reader = body?.getReader();
  let size = 0;
  try {
    while (reader && !failure) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (limits.meter) limits.meter.bytes += value.byteLength;
      if (size > limits.limit) fail((limits.tooLarge ?? bodyTooLarge)());
      else if (!parser.write(value)) await drained(parser);
    }
    if (failure) throw failure;
    parser.end();
    await Promise.race([finished, new Promise((resolve) => parser.once('error', resolve))]);
    if (!failure) await Promise.all(pending);
    if (failure) throw failure;
    return { json, files };
  } catch (error) {
    // Stop pulling from the socket at once: nothing more of a refused body is read.
    await reader?.cancel().catch(() => undefined);
    parser.destroy();
    throw error instanceof HttpError ? error : new HttpError(400, 'invalidMultipart');
  }
}

/**
 * A multipart body, parsed as it streams in: its `json` part checked against the schema,
 * and its files, whose part names must match `fileParts`. Any other part, a repeated one
 * or text where a file belongs is refused rather than ignored, so a client never believes
 * that something it sent was kept. A declared length over `limit` is refused before
 * anything is read, and the first file over `fileBytes`, the file after `maxFiles` or the
 * byte past `limit` stops the parse there: a refused body is never held whole. Callers
 * still check their files' types (and their own sizes after decoding).
 */
export async function readMultipart<S extends z.core.$ZodType>(
  req: NextRequest,
  schema: S,
  limits: MultipartLimits,
): Promise<{ data: z.infer<S>; files: Map<string, File> }> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, 'multipartExpected');
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limits.limit) throw (limits.tooLarge ?? bodyTooLarge)();
  const { json, files } = await parseStream(req.body, type, limits);
  return { data: parseWith(schema, parseJsonText(json ?? '')), files };
}
