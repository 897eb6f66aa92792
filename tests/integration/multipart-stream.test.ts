import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HttpError } from '@/lib/http/errors';
import { readMultipart, type MultipartLimits } from '@/lib/http/multipart';
import { BOUNDARY, closing, partHead, rawRequest, streamedForm, streamedRequest } from './helpers/streams';

// The streamed multipart reader on its own: limits hold while the body is still arriving,
// so a refused body is never held whole (issue 13, item 11).

const MB = 1024 * 1024;
const schema = z.object({ body: z.optional(z.string()) });
const limits = (extra: Partial<MultipartLimits> = {}): MultipartLimits => ({
  limit: 51 * MB,
  fileParts: /^file_[0-4]$/,
  maxFiles: 3,
  fileBytes: 10 * MB,
  fileTooLarge: (part, name) => new HttpError(413, 'chatsFileTooLarge', { [part]: 'chatsFileTooLarge' }, { file: name }),
  ...extra,
});

/** The refusal readMultipart throws (or fails the test). */
async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('the body was accepted');
}

const memory = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;

describe('readMultipart, streamed', () => {
  it('refuses a 51 MB file once it passes its 10 MB, naming the part, long before the body has arrived', async () => {
    const { body, progress } = streamedForm({ body: 'hi' }, 'file_0', 'huge.txt', 51 * MB);
    const before = memory();
    const error = await refusal(readMultipart(streamedRequest('/x', body), schema, limits()));
    const grown = memory() - before;
    expect([error.status, error.message, error.fields, error.extra]).toEqual([413, 'chatsFileTooLarge', { file_0: 'chatsFileTooLarge' }, { file: 'huge.txt' }]);
    expect(progress.finished).toBe(false);
    expect(progress.cancelled).toBe(true);
    expect(progress.pulled).toBeGreaterThan(10 * MB);
    expect(progress.pulled).toBeLessThan(11 * MB);
    // Holding the whole body would have taken 51 MB; at most the refused file's 10 MB was kept.
    expect(grown).toBeLessThan(30 * MB);
  });

  it('refuses a declared length over the limit before reading a byte, with the caller’s own error', async () => {
    const { body, progress } = streamedForm({ body: 'hi' }, 'file_0', 'big.txt', 2 * MB);
    const quota = () => new HttpError(413, 'storageQuotaUser', {}, { left: '1.00 MB' });
    const error = await refusal(readMultipart(streamedRequest('/x', body, { contentLength: 51 * MB }), schema, limits({ limit: MB, tooLarge: quota })));
    expect([error.status, error.message]).toEqual([413, 'storageQuotaUser']);
    expect(progress.pulled).toBe(0);
    const plain = await refusal(
      readMultipart(streamedRequest('/x', streamedForm({}, 'file_0', 'a.txt', 10).body, { contentLength: 52 * MB }), schema, limits()),
    );
    expect([plain.status, plain.message]).toEqual([413, 'bodyTooLarge']);
  });

  it('stops a body without a declared length as it passes the total limit, counting what arrived', async () => {
    const { body, progress } = streamedForm({ body: 'hi' }, 'file_0', 'big.txt', 5 * MB);
    const meter = { bytes: 0 };
    const error = await refusal(readMultipart(streamedRequest('/x', body), schema, limits({ limit: 2 * MB, meter })));
    expect([error.status, error.message]).toEqual([413, 'bodyTooLarge']);
    expect(progress.finished).toBe(false);
    expect(progress.pulled).toBeLessThan(2 * MB + 128 * 1024);
    expect(meter.bytes).toBe(progress.pulled);
  });

  it('keeps a file of exactly the limit, with its name and type, and the json part', async () => {
    const { body, progress } = streamedForm({ body: 'hi' }, 'file_2', 'exact.txt', 10 * MB);
    const { data, files } = await readMultipart(streamedRequest('/x', body), schema, limits());
    expect(progress.finished).toBe(true);
    expect(data).toEqual({ body: 'hi' });
    const file = files.get('file_2')!;
    expect([file.name, file.type, file.size]).toEqual(['exact.txt', 'text/plain', 10 * MB]);
  });

  it('refuses the file after the last one allowed, naming it', async () => {
    const file = (i: number) => `${partHead(`file_${i}`, { name: `f${i}.txt` })}x\r\n`;
    const text = `${partHead('json')}{}\r\n${[0, 1, 2, 3].map(file).join('')}--${BOUNDARY}--\r\n`;
    const tooMany = (part: string) => new HttpError(400, 'chatsTooManyFiles', {}, { part });
    const error = await refusal(readMultipart(rawRequest(text), schema, limits({ tooMany })));
    expect([error.status, error.message, error.extra]).toEqual([400, 'chatsTooManyFiles', { part: 'file_3' }]);
  });

  it('refuses stray, repeated and text parts where files belong, and a json part over 1 MB', async () => {
    const cases: [string, string][] = [
      [`${partHead('json')}{}\r\n${partHead('avatar', { name: 'a.png' })}x\r\n`, 'avatar'],
      [`${partHead('file_0', { name: 'a.txt' })}x\r\n${partHead('file_0', { name: 'b.txt' })}y\r\n`, 'file_0'],
      [`${partHead('json')}{}\r\n${partHead('file_0')}just text\r\n`, 'file_0'],
      [`${partHead('json')}{}\r\n${partHead('json')}{}\r\n`, 'json'],
      [`${partHead('note')}hello\r\n`, 'note'],
    ];
    for (const [text, part] of cases) {
      const error = await refusal(readMultipart(rawRequest(`${text}--${BOUNDARY}--\r\n`), schema, limits()));
      expect([error.status, error.message, error.extra], part).toEqual([400, 'unexpectedPart', { part }]);
    }
    const bigJson = `${partHead('json')}${JSON.stringify({ body: 'x'.repeat(MB) })}${closing}`;
    const error = await refusal(readMultipart(rawRequest(bigJson), schema, limits()));
    expect([error.status, error.message]).toEqual([413, 'bodyTooLarge']);
  });

  it('answers 400 invalidMultipart for a malformed body and 415 for another type', async () => {
    const cut = `${partHead('json')}{}\r\n${partHead('file_0', { name: 'a.txt' })}never closed`;
    for (const req of [rawRequest(cut), rawRequest('', `multipart/form-data; boundary=${BOUNDARY}`), rawRequest('x', 'multipart/form-data')]) {
      const error = await refusal(readMultipart(req, schema, limits()));
      expect([error.status, error.message]).toEqual([400, 'invalidMultipart']);
    }
    const error = await refusal(readMultipart(rawRequest('{}', 'application/json'), schema, limits()));
    expect([error.status, error.message]).toEqual([415, 'multipartExpected']);
  });

  it('takes the json part sent as a file, and a form’s empty file input as a nameless empty file', async () => {
    const text = `${partHead('json', { name: 'blob', type: 'application/json' })}{"body":"from a file"}\r\n${partHead('file_0', { name: '' })}${closing}`;
    const { data, files } = await readMultipart(rawRequest(text), schema, limits());
    expect(data).toEqual({ body: 'from a file' });
    expect([files.get('file_0')?.name, files.get('file_0')?.size]).toEqual(['', 0]);
  });
});
