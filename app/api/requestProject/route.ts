import { sessionBody, setAuthCookie } from '@/lib/auth/respond';
import { readMultipart } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';
import { requestProject } from '@/lib/projects/request';
import { PROJECT_FILE_MAX_BYTES, PROJECT_FILES_MAX, requestProjectSchema } from '@/lib/projects/schemas';

// Every file at its largest, plus room for the json part and the multipart framing.
const BODY_LIMIT = PROJECT_FILES_MAX * PROJECT_FILE_MAX_BYTES + 1024 * 1024;

/** Asks for a new project (pending until root enables it) with files `file_0`, `file_1`, … */
export const POST = route(
  async (req, ctx) => {
    const { data, files } = await readMultipart(req, requestProjectSchema, BODY_LIMIT, /^file_\d{1,2}$/);
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
