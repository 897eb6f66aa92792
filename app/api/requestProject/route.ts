import type { NextRequest } from 'next/server';
import { sessionBody, setAuthCookie } from '@/lib/auth/respond';
import { JSON_LIMIT_BYTES, parseWith, readBytes } from '@/lib/http/body';
import { HttpError } from '@/lib/http/errors';
import { json, route } from '@/lib/http/route';
import { requestProject } from '@/lib/projects/request';
import { PROJECT_FILE_MAX_BYTES, PROJECT_FILES_MAX, requestProjectSchema } from '@/lib/projects/schemas';

// Every file at its largest, plus room for the json part and the multipart framing.
const BODY_LIMIT = PROJECT_FILES_MAX * PROJECT_FILE_MAX_BYTES + 1024 * 1024;
const FILE_PART = /^file_(\d{1,2})$/;

/**
 * The form's parts, strictly: one `json` part and files named `file_0`, `file_1`, …
 * Anything else is refused rather than ignored, so a client never believes that a part
 * it sent was kept.
 */
async function readParts(req: NextRequest): Promise<{ json: string; files: File[] }> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, 'multipartExpected');
  const bytes = await readBytes(req, BODY_LIMIT);
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'invalidMultipart');
  }
  let json: string | null = null;
  const files = new Map<number, File>();
  for (const [name, value] of form.entries()) {
    const index = FILE_PART.exec(name)?.[1];
    if (name === 'json' && json === null) json = typeof value === 'string' ? value : await value.text();
    else if (index !== undefined && typeof value !== 'string' && !files.has(Number(index))) files.set(Number(index), value);
    else throw new HttpError(400, 'requestProjectUnexpectedPart', {}, { part: name.slice(0, 40) });
  }
  if (json !== null && json.length > JSON_LIMIT_BYTES) throw new HttpError(413, 'bodyTooLarge');
  return { json: json ?? '', files: [...files.entries()].sort((a, b) => a[0] - b[0]).map(([, file]) => file) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    throw new HttpError(400, 'invalidJson');
  }
}

/** Asks for a new project (pending until root enables it) with up to 5 attached files. */
export const POST = route(
  async (req, ctx) => {
    const parts = await readParts(req);
    const input = parseWith(requestProjectSchema, parseJson(parts.json));
    const { project, tokens } = await requestProject(ctx, input, parts.files);
    const res = json(
      { message: ctx.t('requestProjectSent'), data: { auth: tokens, ...(await sessionBody(ctx.db, tokens.accessToken)), requested: project } },
      { status: 201 },
    );
    return setAuthCookie(res, req, tokens);
  },
  { rateLimit: 'requestProject' },
);
