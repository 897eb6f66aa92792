import type { CallSpec, World } from '../matrix/world';

// Calls for the routes anyone may make (they have no matrix case): the fields each one reads,
// with plausible values, so the fuzz has names to put bad values under.
const captchaCode = 'not-a-solution';
const BODIES: Record<string, (w: World) => unknown> = {
  'POST auth/route.ts': () => ({ email: 'owner@example.test', password: 'Secret123', captchaCode }),
  'POST auth/register/route.ts': () => ({ name: 'New Person', email: 'new@example.test', password: 'Secret123', navTimeZone: 'UTC', captchaCode }),
  'POST auth/refreshAccess/route.ts': () => ({ refreshToken: 'token' }),
  'POST auth/emailConfirmation/route.ts': () => ({ token: 'token', captchaCode }),
  'POST auth/emailChangeUndo/route.ts': () => ({ token: 'token', captchaCode }),
  'POST auth/forgotPassword/route.ts': () => ({ email: 'owner@example.test', captchaCode }),
  'POST auth/resetPassword/route.ts': () => ({ token: 'token', password: 'Secret123', captchaCode }),
  'POST invoices/webhooks/btcpay/route.ts': () => ({ type: 'InvoiceSettled', invoiceId: 'inv' }),
  'POST interviews/respond/route.ts': (w) => ({ key: w.project.A.key, slug: 'interview', answers: { q1: 'yes' }, final: true, captchaCode }),
  'POST requests/rating/route.ts': () => ({ token: 'token', score: 'good', comment: 'Fine' }),
  'POST webhooks/whatsapp/route.ts': () => ({ object: 'whatsapp_business_account', entry: [] }),
  'POST projects/[key]/photomagik/generate/route.ts': () => ({ prompt: 'a cat' }),
};

/** A call to a route from its file alone: each path segment filled with something that exists where it can. */
export function publicCall(w: World, method: string, file: string): CallSpec {
  const params: Record<string, string | string[]> = {};
  const segments = file
    .replace(/\/?route\.ts$/, '')
    .split('/')
    .filter(Boolean)
    .map((s) => {
      const name = /^\[(?:\.\.\.)?(\w+)\]$/.exec(s)?.[1];
      if (!name) return s;
      const value = name === 'key' && !s.startsWith('[...') ? w.project.A.key : name === 'id' ? crypto.randomUUID() : 'fuzz';
      params[name] = s.startsWith('[...') ? ['public', value] : value;
      return s.startsWith('[...') ? `public/${value}` : value;
    });
  const body = BODIES[`${method} ${file}`];
  return { path: `/api/${segments.join('/')}`, params, ...(body ? { json: body(w) } : {}) };
}
