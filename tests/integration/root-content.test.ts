import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { workAsyncStorage } from 'next/dist/server/app-render/work-async-storage.external';
import { workUnitAsyncStorage } from 'next/dist/server/app-render/work-unit-async-storage.external';
import { getImplicitTags } from 'next/dist/server/lib/implicit-tags';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DELETE as faqDelete, PATCH as faqPatch } from '@/app/api/root/content/faq/[id]/route';
import { POST as faqOrder } from '@/app/api/root/content/faq/order/route';
import { GET as faqList, POST as faqCreate } from '@/app/api/root/content/faq/route';
import { DELETE as helpDelete, PATCH as helpPatch } from '@/app/api/root/content/help/[id]/route';
import { POST as helpOrder } from '@/app/api/root/content/help/order/route';
import { GET as helpList, POST as helpCreate } from '@/app/api/root/content/help/route';
import { POST as preview } from '@/app/api/root/content/preview/route';
import { auditLog } from '@/lib/audit/tables';
import { findHelp, listFaq, listHelp } from '@/lib/content/service';
import { faqEntries, helpArticles } from '@/lib/content/tables';
import { pageKey, servePage, storePage } from '@/lib/http/page-cache';
import { users } from '@/lib/users/tables';
import { accountsDb, signedInClient } from './helpers/accounts';
import type { Client } from './helpers/http';
import { member } from './helpers/members';

// Next's server provides AsyncLocalStorage before loading its modules; without it the
// request scope below could not be entered. Runs before the imports above.
vi.hoisted(() => {
  const g = globalThis as Record<string | symbol, unknown>;
  g.AsyncLocalStorage = process.getBuiltinModule('node:async_hooks').AsyncLocalStorage;
  for (const key of Object.getOwnPropertySymbols(g)) if (key.description?.startsWith('@next/')) delete g[key];
});

let db: Awaited<ReturnType<typeof accountsDb>>;
let root: Client;
let owner: Client;
beforeAll(async () => {
  db = await accountsDb();
  const [rootUser] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, 'root@localhost'));
  root = (await signedInClient(db.db, rootUser.id)).client;
  owner = (await signedInClient(db.db, (await member(db.db, 'owner@demo.test')).userId)).client;
});
afterAll(async () => db.cleanup());

const base = '/api/root/content';
const call = {
  listFaq: (c: Client, locale: string) => c.call(faqList, `${base}/faq?locale=${locale}`, { method: 'GET' }),
  createFaq: (c: Client, json: unknown) => c.call(faqCreate, `${base}/faq`, { json }),
  patchFaq: (c: Client, id: string, json: unknown) => c.call(faqPatch, `${base}/faq/${id}`, { method: 'PATCH', json, params: { id } }),
  deleteFaq: (c: Client, id: string) => c.call(faqDelete, `${base}/faq/${id}`, { method: 'DELETE', params: { id } }),
  orderFaq: (c: Client, json: unknown) => c.call(faqOrder, `${base}/faq/order`, { json }),
  listHelp: (c: Client, locale: string) => c.call(helpList, `${base}/help?locale=${locale}`, { method: 'GET' }),
  createHelp: (c: Client, json: unknown) => c.call(helpCreate, `${base}/help`, { json }),
  patchHelp: (c: Client, id: string, json: unknown) => c.call(helpPatch, `${base}/help/${id}`, { method: 'PATCH', json, params: { id } }),
  deleteHelp: (c: Client, id: string) => c.call(helpDelete, `${base}/help/${id}`, { method: 'DELETE', params: { id } }),
  orderHelp: (c: Client, json: unknown) => c.call(helpOrder, `${base}/help/order`, { json }),
};

const faqRow = async (id: string) => (await db.db.select().from(faqEntries).where(eq(faqEntries.id, id)))[0];
const faqCount = async () => (await db.db.select({ n: count() }).from(faqEntries))[0].n;
const auditOf = (action: string, targetId: string) =>
  db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
const ids = (list: { id: string }[]) => list.map((x) => x.id);

/** A new FAQ entry through the API, published or not. */
async function newFaq(question: string, options: { locale?: string; published?: boolean } = {}) {
  const res = await call.createFaq(root, { locale: options.locale ?? 'es', question, answer: `Answer to ${question}`, published: options.published ?? false });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; position: number; published: boolean };
}

describe('FAQ entries', () => {
  it('lists every entry of a language, drafts included, in the public order', async () => {
    const draft = await newFaq('¿Borrador?');
    const res = await call.listFaq(root, 'es');
    expect(res.status).toBe(200);
    expect(res.body.data.at(-1)).toMatchObject({ id: draft.id, question: '¿Borrador?', published: false, locale: 'es' });
    const published = res.body.data.filter((f: { published: boolean }) => f.published).map((f: { question: string }) => f.question);
    expect(published).toEqual((await listFaq(db.db, 'es')).map((f) => f.question));
  });

  it('creates a draft at the end of its language, audited, that the public list leaves out until published', async () => {
    const before = await call.listFaq(root, 'es');
    const created = await newFaq('¿Nueva pregunta?');
    expect(created.published).toBe(false);
    expect(created.position).toBeGreaterThan(Math.max(...before.body.data.map((f: { position: number }) => f.position)));
    expect((await listFaq(db.db, 'es')).map((f) => f.id)).not.toContain(created.id);
    const [entry] = await auditOf('content.create', created.id);
    expect(entry).toMatchObject({ targetType: 'faq', projectId: null });

    const published = await call.patchFaq(root, created.id, { published: true });
    expect(published.status).toBe(200);
    expect((await listFaq(db.db, 'es')).at(-1)).toMatchObject({ id: created.id, question: '¿Nueva pregunta?' });
    await call.patchFaq(root, created.id, { published: false });
    expect((await listFaq(db.db, 'es')).map((f) => f.id)).not.toContain(created.id);
  });

  it('edits what the patch names and records which fields changed', async () => {
    const created = await newFaq('¿Antes?', { published: true });
    const res = await call.patchFaq(root, created.id, { question: '¿Después?', answer: '**Sí**.' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ question: '¿Después?', answer: '**Sí**.', published: true });
    expect((await listFaq(db.db, 'es')).find((f) => f.id === created.id)?.question).toBe('¿Después?');
    const [entry] = await auditOf('content.update', created.id);
    expect(entry.data).toMatchObject({ changed: ['question', 'answer'] });
  });

  it('moves an entry to the end of another language', async () => {
    const created = await newFaq('Moved?', { published: true });
    const res = await call.patchFaq(root, created.id, { locale: 'en' });
    expect(res.body.data.locale).toBe('en');
    expect((await listFaq(db.db, 'en')).at(-1)?.id).toBe(created.id);
    expect(ids(await listFaq(db.db, 'es'))).not.toContain(created.id);
  });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    const n = await faqCount();
    for (const [body, field] of [
      [{ locale: 'es', question: '', answer: 'x' }, 'question'],
      [{ locale: 'fr', question: 'Q?', answer: 'x' }, 'locale'],
      [{ locale: 'es', question: 'Q?', answer: 'x'.repeat(10_001) }, 'answer'],
      [{ locale: 'es', question: 'Q?', answer: 'x', published: 'yes' }, 'published'],
    ] as const) {
      const res = await call.createFaq(root, body);
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual([field]);
    }
    expect(await faqCount()).toBe(n);
    const created = await newFaq('¿Intacta?');
    const res = await call.patchFaq(root, created.id, { question: 'x'.repeat(301) });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.question).toBeTruthy();
    expect((await faqRow(created.id)).question).toBe('¿Intacta?');
    expect((await call.listFaq(root, 'xx')).body.data.fields.locale).toBeTruthy();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await call.patchFaq(root, id, { question: '¿?' })).status).toBe(404);
      expect((await call.deleteFaq(root, id)).status).toBe(404);
    }
  });

  it('deletes an entry, audited', async () => {
    const created = await newFaq('¿Efímera?', { published: true });
    expect((await call.deleteFaq(root, created.id)).status).toBe(200);
    expect(await faqRow(created.id)).toBeUndefined();
    expect(ids(await listFaq(db.db, 'es'))).not.toContain(created.id);
    expect(await auditOf('content.delete', created.id)).toHaveLength(1);
  });

  it('refuses everyone but the root with 403, changing nothing', async () => {
    const created = await newFaq('¿Solo root?', { published: true });
    const n = await faqCount();
    const current = ids((await call.listFaq(root, 'es')).body.data);
    expect((await call.listFaq(owner, 'es')).status).toBe(403);
    expect((await call.createFaq(owner, { locale: 'es', question: '¿Intrusa?', answer: 'x' })).status).toBe(403);
    expect((await call.patchFaq(owner, created.id, { question: '¿Cambiada?' })).status).toBe(403);
    expect((await call.orderFaq(owner, { locale: 'es', ids: [...current].reverse() })).status).toBe(403);
    expect((await call.deleteFaq(owner, created.id)).status).toBe(403);
    expect(await faqCount()).toBe(n);
    expect((await faqRow(created.id)).question).toBe('¿Solo root?');
    expect(ids((await call.listFaq(root, 'es')).body.data)).toEqual(current);
  });
});

describe('ordering', () => {
  it('puts a language in the given order, as the public list shows it', async () => {
    const current = ids((await call.listFaq(root, 'en')).body.data);
    const reversed = [...current].reverse();
    const res = await call.orderFaq(root, { locale: 'en', ids: reversed });
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual(reversed);
    const published = new Set(ids(await listFaq(db.db, 'en')));
    expect(ids(await listFaq(db.db, 'en'))).toEqual(reversed.filter((id) => published.has(id)));
    expect(await db.db.select().from(auditLog).where(eq(auditLog.action, 'content.order'))).toHaveLength(1);
  });

  it('refuses a list that misses, repeats or borrows an entry, changing nothing', async () => {
    const current = ids((await call.listFaq(root, 'en')).body.data);
    const other = ids((await call.listFaq(root, 'es')).body.data);
    for (const list of [current.slice(1), [...current.slice(1), current[1]], [...current.slice(1), other[0]], [...current, 'nope']]) {
      const res = await call.orderFaq(root, { locale: 'en', ids: list });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data.fields)[0]).toMatch(/^ids/);
    }
    expect(ids((await call.listFaq(root, 'en')).body.data)).toEqual(current);
  });

  it('orders help articles too', async () => {
    const current = ids((await call.listHelp(root, 'es')).body.data);
    const moved = [current[2], ...current.filter((_, i) => i !== 2)];
    expect((await call.orderHelp(root, { locale: 'es', ids: moved })).status).toBe(200);
    expect(ids((await call.listHelp(root, 'es')).body.data)).toEqual(moved);
    expect((await listHelp(db.db, 'es'))[0].slug).toBe((await call.listHelp(root, 'es')).body.data[0].slug);
  });
});

const article = (over: Record<string, unknown> = {}) => ({
  locale: 'en',
  topic: 'billing-basics',
  slug: 'billing-basics',
  title: 'Billing basics',
  summary: 'How billing works.',
  body: '## Invoices\n\nPaid monthly.',
  ...over,
});

describe('help articles', () => {
  let id: string;

  it('creates a draft that the public pages find only once published', async () => {
    const res = await call.createHelp(root, article());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    id = res.body.data.id;
    expect(await findHelp(db.db, 'en', 'billing-basics')).toBeNull();
    await call.patchHelp(root, id, { published: true });
    expect((await findHelp(db.db, 'en', 'billing-basics'))?.title).toBe('Billing basics');
    expect((await listHelp(db.db, 'en')).at(-1)?.slug).toBe('billing-basics');
  });

  it('refuses a slug or a topic the language already has with 409 naming the field', async () => {
    const slug = await call.createHelp(root, article({ topic: 'other-topic' }));
    expect(slug.status).toBe(409);
    expect(Object.keys(slug.body.data.fields)).toEqual(['slug']);
    const topic = await call.createHelp(root, article({ slug: 'other-slug' }));
    expect(topic.status).toBe(409);
    expect(Object.keys(topic.body.data.fields)).toEqual(['topic']);
    // The translation: same topic, another language.
    const es = await call.createHelp(root, article({ locale: 'es', slug: 'facturacion-basica', title: 'Facturación básica' }));
    expect(es.status).toBe(201);
    const clash = await call.patchHelp(root, es.body.data.id, { locale: 'en' });
    expect(clash.status).toBe(409);
    expect((await db.db.select().from(helpArticles).where(eq(helpArticles.id, es.body.data.id)))[0].locale).toBe('es');
  });

  it('renames a slug: the old address is gone, the new one found', async () => {
    const res = await call.patchHelp(root, id, { slug: 'Billing-Guide' });
    expect(res.body.data.slug).toBe('billing-guide');
    expect(await findHelp(db.db, 'en', 'billing-basics')).toBeNull();
    expect((await findHelp(db.db, 'en', 'billing-guide'))?.id).toBe(id);
  });

  it('refuses a malformed slug, a missing title and unknown ids', async () => {
    const bad = await call.createHelp(root, article({ slug: 'no spaces!', title: '' }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['slug', 'title']);
    expect((await call.patchHelp(root, '00000000-0000-4000-8000-000000000000', { title: 'x' })).status).toBe(404);
    expect((await call.deleteHelp(root, 'x')).status).toBe(404);
    expect((await call.createHelp(owner, article({ slug: 'intruder', topic: 'intruder' }))).status).toBe(403);
    expect(await findHelp(db.db, 'en', 'intruder')).toBeNull();
  });

  it('unpublishes and deletes', async () => {
    await call.patchHelp(root, id, { published: false });
    expect(await findHelp(db.db, 'en', 'billing-guide')).toBeNull();
    expect((await call.deleteHelp(root, id)).status).toBe(200);
    expect(ids((await call.listHelp(root, 'en')).body.data)).not.toContain(id);
  });
});

describe('preview', () => {
  it('renders Markdown as the public pages do, sanitized, for the root only', async () => {
    const res = await root.call(preview, `${base}/preview`, { json: { markdown: '# Title\n\n**bold** <script>alert(1)</script>' } });
    expect(res.status).toBe(200);
    expect(res.body.data.html).toContain('<h2>Title</h2>');
    expect(res.body.data.html).toContain('<strong>bold</strong>');
    expect(res.body.data.html).not.toContain('<script');
    expect((await owner.call(preview, `${base}/preview`, { json: { markdown: 'x' } })).status).toBe(403);
  });
});

/** Keeps a response for `path` in the page cache, as server.ts does after Next renders it. */
function keepPage(path: string): string {
  const req = { method: 'GET', url: path, headers: {} };
  const key = pageKey(req, false)!;
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  res.statusCode = 200;
  res.setHeader('Cache-Control', 's-maxage=31536000');
  storePage(key, res, Buffer.from('<p>old</p>'));
  return key;
}

const kept = (key: string) =>
  servePage(
    key,
    { headers: {}, method: 'GET' } as IncomingMessage,
    {
      setHeader() {},
      getHeader() {},
      hasHeader: () => false,
      end() {},
    } as unknown as ServerResponse,
  );

/** Runs a call as Next runs a route handler, collecting the cache tags it revalidates and its after() tasks. */
async function inNextScope<T>(work: () => Promise<T>) {
  const store = {
    route: '/api/root/content',
    incrementalCache: {},
    pendingRevalidatedTags: [] as { tag: string }[],
    afterContext: { after: (task: () => void) => tasks.push(task) },
  };
  const tasks: (() => void)[] = [];
  const result = await workAsyncStorage.run(store as never, () => workUnitAsyncStorage.run({ type: 'request', phase: 'action' } as never, work));
  return { result, tags: store.pendingRevalidatedTags.map((t) => t.tag), tasks };
}

const pageTags = async (page: string, path: string) => (await getImplicitTags(page, path, null)).tags;

describe('the public pages after a change', () => {
  it('drop the responses server.ts keeps, in both languages', async () => {
    const keys = [keepPage('/faq'), keepPage('/preguntas-frecuentes'), keepPage('/help/getting-started'), keepPage('/')];
    expect(keys.every(kept)).toBe(true);
    const created = await newFaq('¿Caché?');
    expect(keys.some(kept)).toBe(false);
    keepPage('/preguntas-frecuentes');
    await call.patchFaq(root, created.id, { published: true });
    expect(kept(keys[1])).toBe(false);
  });

  it("mark Next's cached FAQ page stale in every language, and drop kept pages again once the answer is out", async () => {
    const created = await newFaq('¿Etiquetas?');
    const { result, tags, tasks } = await inNextScope(() => call.patchFaq(root, created.id, { published: true }));
    expect(result.status).toBe(200);
    for (const path of ['/en/faq', '/es/faq']) {
      const own = new Set(await pageTags('/[locale]/(public)/faq/page', path));
      expect(
        tags.some((t) => own.has(t)),
        path,
      ).toBe(true);
    }
    const key = keepPage('/preguntas-frecuentes');
    tasks.forEach((task) => task());
    expect(kept(key)).toBe(false);
  });

  it("mark the help article, FAQ and home pages stale after a help change, and not a FAQ-only change's", async () => {
    const list = (await call.listHelp(root, 'es')).body.data;
    const { tags } = await inNextScope(() => call.patchHelp(root, list[0].id, { summary: 'Nuevo resumen.' }));
    for (const [page, path] of [
      ['/[locale]/(public)/help/[slug]/page', `/es/help/${list[0].slug}`],
      ['/[locale]/(public)/faq/page', '/es/faq'],
      ['/[locale]/(public)/page', '/es'],
    ]) {
      const own = new Set(await pageTags(page, path));
      expect(
        tags.some((t) => own.has(t)),
        page,
      ).toBe(true);
    }
    const lone = await newFaq('¿Sola?');
    const faqOnly = (await inNextScope(() => call.patchFaq(root, lone.id, { published: true }))).tags;
    const home = new Set(await pageTags('/[locale]/(public)/page', '/es'));
    // '/layout' would stale every page; only page tags are wanted.
    expect(faqOnly.filter((t) => home.has(t))).toEqual([]);
  });
});
