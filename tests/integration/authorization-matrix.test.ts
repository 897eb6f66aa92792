import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RouteAccess } from '@/lib/http/route';
import { projects } from '@/lib/projects/tables';
import { endpointKey as key, loadCases, loadEndpoints, send } from './matrix/endpoints';
import { setupWorld, type MatrixCase, type Member } from './matrix/world';

// Every API route, found from the route files themselves: a new route without a
// declared access or without a matrix case fails here.
const endpoints = await loadEndpoints();
const cases = await loadCases();
const caseFor = new Map(cases.map((c) => [key(c), c]));

/** Routes anyone may call: each is listed here on purpose, with what protects it instead. */
const PUBLIC = new Set([
  'POST auth/route.ts', // login: captcha, rate limits, account lock
  'POST auth/register/route.ts', // captcha, rate limit
  'POST auth/refreshAccess/route.ts', // the refresh token is the credential
  'POST auth/emailConfirmation/route.ts', // the emailed token is the credential
  'POST auth/emailChangeUndo/route.ts', // the token emailed to the old address is the credential; captcha, rate limit
  'POST auth/forgotPassword/route.ts', // captcha, rate limit, same answer for unknown emails
  'POST auth/resetPassword/route.ts', // the emailed token is the credential
  'GET auth/captcha/route.ts',
  'POST auth/logout/route.ts', // optional session: ends whatever it is given
  'GET files/[...key]/route.ts', // public files only (avatars, logos)
  'GET health/route.ts',
  'POST invoices/webhooks/btcpay/route.ts', // the BTCPay-Sig HMAC over the raw body is the credential
  'POST interviews/respond/route.ts', // public answers: captcha, per-address limit, the interview's cap
  'POST requests/rating/route.ts', // the emailed link's signed token is the credential; per-address limit
  // WhatsApp: Meta calls the webhook without a session; the project's verify token (GET) or
  // the body's signature under its app secret (POST) is the credential.
  'GET webhooks/whatsapp/route.ts',
  'POST webhooks/whatsapp/route.ts',
  // The blog's public read API: published posts only, 404 while the project's blog is off.
  'GET public/projects/[key]/posts/route.ts',
  'GET public/projects/[key]/posts/[slug]/route.ts',
  // Photomagik's generation API for the project's own app: the project's API key is the credential, 404 while the tool is off.
  'POST projects/[key]/photomagik/generate/route.ts',
  'GET projects/[key]/photomagik/generations/[id]/route.ts',
]);

const w = setupWorld();

/** Whoever the route lets in: the root, a member of A holding exactly the declared permissions, or any signed-in user. */
async function allowedCaller(access: RouteAccess, c: MatrixCase): Promise<Member> {
  if (access.root) return w.signedIn({ root: true });
  if (!access.connected) return w.signedIn();
  const declared = access.mode === 'some' ? access.permissions.slice(0, 1) : access.permissions;
  return w.memberOf('A', [...declared, ...(c.extra ?? [])]);
}

describe('authorization matrix', () => {
  it('finds the API routes', () => {
    expect(endpoints.length).toBeGreaterThan(15);
  });

  it.each(endpoints.map((e) => [key(e), e] as const))('%s declares its access through the route wrapper', (_k, e) => {
    expect(e.handler.access, `${key(e)} is not wrapped by route()`).toBeDefined();
    const a = e.handler.access!;
    if (a.auth === 'none' || a.auth === 'optional') expect(PUBLIC.has(key(e)), `${key(e)} is public but not listed as such`).toBe(true);
    else expect(caseFor.has(key(e)), `no matrix case for ${key(e)}: add one under tests/integration/matrix/cases`).toBe(true);
  });

  it('every public route is listed on purpose and still public', () => {
    for (const k of PUBLIC) {
      const e = endpoints.find((x) => key(x) === k);
      expect(e, `${k} is listed as public but does not exist`).toBeDefined();
      expect(['none', 'optional'], k).toContain(e!.handler.access?.auth);
    }
  });

  it('every case names an existing route', () => {
    for (const c of cases)
      expect(
        endpoints.some((e) => key(e) === key(c)),
        `stale case ${key(c)}`,
      ).toBe(true);
  });

  const guarded = endpoints.filter((e) => e.handler.access && e.handler.access.auth === 'required' && caseFor.has(key(e)));

  describe.each(guarded.map((e) => [key(e), e] as const))('%s', (_k, e) => {
    const access = e.handler.access!;
    const c = caseFor.get(key(e))!;

    it('no session → 401', async () => {
      const owner = await allowedCaller(access, c);
      const res = await send(e, w.anonymous(), await c.request(w, 'A', owner));
      expect(res.status, JSON.stringify(res.body)).toBe(401);
    });

    if (access.root) {
      it('a signed-in user who is not root → 403', async () => {
        const user = await w.memberOf('A', 'root');
        const res = await send(e, user.client, await c.request(w, 'A', user));
        expect(res.status).toBe(403);
      });
    }

    if (access.connected) {
      it('signed in without an active project → 403', async () => {
        const user = await w.signedIn();
        const res = await send(e, user.client, await c.request(w, 'A', user));
        expect(res.status).toBe(403);
      });
    }

    if (access.permissions.length > 0) {
      it(`a member without ${access.permissions.join(access.mode === 'some' ? ' or ' : ' and ')} → 403`, async () => {
        const others = ['BOARDS__VIEW', 'CHATS__TEAM'].filter((p) => !access.permissions.includes(p as never));
        const member = await w.memberOf('A', others);
        const res = await send(e, member.client, await c.request(w, 'A', member));
        expect(res.status, JSON.stringify(res.body)).toBe(403);
      });
    }

    if (access.extension) {
      it(`the ${access.extension} extension switched off → 404`, async () => {
        const member = await allowedCaller(access, c);
        const spec = await c.request(w, 'A', member);
        const [row] = await w.db.select({ extensions: projects.extensions }).from(projects).where(eq(projects.id, w.project.A.id));
        await w.db
          .update(projects)
          .set({ extensions: row.extensions.filter((x) => x !== access.extension) })
          .where(eq(projects.id, w.project.A.id));
        try {
          expect((await send(e, member.client, spec)).status).toBe(404);
        } finally {
          await w.db.update(projects).set({ extensions: row.extensions }).where(eq(projects.id, w.project.A.id));
        }
      });
    }

    if (c.skipSuccess) it.skip(`success (${c.skipSuccess})`, () => {});
    else
      it(`the declared access → ${c.ok ?? 200}`, async () => {
        const member = await allowedCaller(access, c);
        const res = await send(e, member.client, await c.request(w, 'A', member));
        expect(res.status, JSON.stringify(res.body)).toBe(c.ok ?? 200);
      });

    if (c.scoped) {
      it("another project's object → 404", async () => {
        const member = await allowedCaller(access, c);
        const res = await send(e, member.client, await c.request(w, 'B', member));
        expect(res.status, JSON.stringify(res.body)).toBe(404);
      });
    }
  });
});
