import { sessionBody, setAuthCookie } from '@/lib/auth/respond';
import { HttpError } from '@/lib/http/errors';
import { readMultipart } from '@/lib/http/multipart';
import { json, route } from '@/lib/http/route';
import { cleanFileName } from '@/lib/projects/files';
import { requestProject } from '@/lib/projects/request';
import { PROJECT_FILE_MAX_BYTES, PROJECT_FILES_MAX, requestProjectSchema } from '@/lib/projects/schemas';

// Every file at its largest, plus room for the json part and the multipart framing.
const BODY_LIMIT = PROJECT_FILES_MAX * PROJECT_FILE_MAX_BYTES + 1024 * 1024;
const MB = 1024 * 1024;
// The service's own refusals, raised while the body streams in rather than after it was held whole.
const limits = {
  limit: BODY_LIMIT,
  fileParts: /^file_\d{1,2}$/,
  maxFiles: PROJECT_FILES_MAX,
  tooMany: () => new HttpError(400, 'requestProjectTooManyFiles', {}, { max: PROJECT_FILES_MAX }),
  fileBytes: PROJECT_FILE_MAX_BYTES,
  fileTooLarge: (_part: string, name: string) =>
    new HttpError(413, 'requestProjectFileTooLarge', {}, { file: cleanFileName(name), max: PROJECT_FILE_MAX_BYTES / MB }),
};

/** Asks for a new project (pending until root enables it) with files `file_0`, `file_1`, … */
export const POST = route(
  async (req, ctx) => {
    const { data, files } = await readMultipart(req, requestProjectSchema, limits);
    const ordered = [...files].sort(([a], [b]) => Number(a.slice(5)) - Number(b.slice(5))).map(([, file]) => file);
    const { project, tokens } = await requestProject(ctx, data, ordered);
    const res = json(
      { message: ctx.t('requestProjectSent'), data: { auth: tokens, ...(await sessionBody(ctx.db, tokens.accessToken)), requested: project } },
      { status: 201 },
    );
    return setAuthCookie(res, req, tokens);
  },
  { rateLimit: 'requestProject' },
);
