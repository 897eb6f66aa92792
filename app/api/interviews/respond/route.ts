import type { NextRequest } from 'next/server';
import { readJson, parseWith, ValidationError } from '@/lib/http/body';
import { HttpError } from '@/lib/http/errors';
import { json, route, type RouteContext } from '@/lib/http/route';
import { localized } from '@/lib/interviews/http';
import { submitResponse } from '@/lib/interviews/public';
import { formToSubmit, pageAfter, readForm } from '@/lib/interviews/form-data';
import { ANSWER_FILE_MAX_BYTES, QUESTIONS_MAX } from '@/lib/interviews/limits';
import { submitSchema } from '@/lib/interviews/schemas';

// Room for a few files plus the text; a larger declared body is refused before it is read.
const FORM_LIMIT = 4 * ANSWER_FILE_MAX_BYTES + 1024 * 1024;

/**
 * A respondent's answers: a draft save (kept with a resume token) or the final submit. The
 * enhanced form sends FormData with `js=1` and reads JSON; the form without JavaScript
 * posts the same fields and is redirected to the page again (its thank-you or its errors).
 * Anyone may call it: the human check, a per-address limit and the interview's own cap
 * guard it.
 */
export const POST = route<RouteContext>(
  localized(async (req: NextRequest, ctx: RouteContext) => {
    const type = req.headers.get('content-type') ?? '';
    const isJson = /^application\/json\b/i.test(type);
    let input;
    let files = new Map<string, File>();
    let viaScript = true;
    if (isJson) input = await readJson(req, submitSchema);
    else {
      const parsed = formToSubmit(await readForm(req, FORM_LIMIT), QUESTIONS_MAX);
      files = parsed.files;
      viaScript = parsed.viaScript;
      input = parseWith(submitSchema, parsed.input);
    }
    const meta = { ip: ctx.ip, userAgent: ctx.userAgent, referrer: req.headers.get('referer') ?? '', files, viaScript };
    const result = await submitResponse(ctx.db, input, meta);
    // A relative Location: the browser stays on the host it posted to, whatever Next believes its own is.
    if (!viaScript) return new Response(null, { status: 303, headers: { Location: pageAfter(ctx.locale, input, result), 'Cache-Control': 'no-store' } });
    // Only the no-script form is limited that way, and it was answered above.
    if (result.outcome === 'limited') throw new HttpError(429, 'tooManyRequests');
    if (result.outcome === 'invalid')
      throw new ValidationError(
        Object.entries(result.errors).map(([id, message]) => ({ code: 'custom', path: ['answers', id], message, input: undefined }) as never),
      );
    return json(result.outcome === 'complete' ? { done: true } : { token: result.token });
  }),
  { auth: 'none' },
);
