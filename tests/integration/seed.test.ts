import { readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '@/lib/auth/passwords';
import { faqEntries, helpArticles } from '@/lib/content/tables';
import { seed } from '@/lib/db/seed';
import { membershipProfiles, memberships, profiles, projects } from '@/lib/projects/tables';
import { users } from '@/lib/users/tables';
import { testDb } from './helpers/db';
import { chatConversations, chatMessages, chatReads } from '@/lib/chats/tables';

let db: Awaited<ReturnType<typeof testDb>>;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => db.cleanup());

describe('first-start seed', () => {
  it('creates the root with a random password kept in a file only its owner can read', async () => {
    const logins = await seed(db.db, { dataDir: db.dataDir, rootEmail: 'root@localhost', demoData: false });
    const [root] = await db.db.select().from(users).where(eq(users.email, 'root@localhost'));
    expect(root.isRoot).toBe(true);
    expect(root.status).toBe(1);
    const file = path.join(db.dataDir, 'initial-root-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{16,}$/);
    expect(root.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(root.passwordHash!, password)).toBe(true);
    expect(logins).toEqual([expect.objectContaining({ email: 'root@localhost', password, note: 'root' })]);
    // DEMO_DATA=0: nothing else.
    expect(await db.db.select().from(projects)).toHaveLength(0);
    expect(await db.db.select().from(faqEntries)).toHaveLength(0);
  });

  it('creates a DATA_DIR that does not exist yet (PostgreSQL with AUTH_SECRET given: nothing else made it)', async () => {
    const dataDir = path.join(db.dataDir, 'fresh', 'data');
    const logins = await seed(db.db, { dataDir, rootEmail: 'root@localhost', demoData: true });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readFileSync(path.join(dataDir, 'initial-root-password'), 'utf8').trim()).toBe(logins.find((l) => l.note === 'root')?.password);
    expect(readFileSync(path.join(dataDir, 'initial-demo-password'), 'utf8').trim()).toBe(logins.find((l) => l.note === 'demo owner')?.password);
  });

  it('uses ROOT_PASSWORD when given and writes no password file', async () => {
    const logins = await seed(db.db, { dataDir: db.dataDir, rootEmail: 'Admin@Example.com', rootPassword: 'Given-Passw0rd', demoData: false });
    const [root] = await db.db.select().from(users);
    expect(root.email).toBe('admin@example.com');
    expect(await verifyPassword(root.passwordHash!, 'Given-Passw0rd')).toBe(true);
    expect(existsSync(path.join(db.dataDir, 'initial-root-password'))).toBe(false);
    expect(logins).toEqual([]);
  });

  it('creates the demo project with profiles, staff and content in both languages', async () => {
    const logins = await seed(db.db, { dataDir: db.dataDir, rootEmail: 'root@localhost', demoData: true });
    const [project] = await db.db.select().from(projects);
    expect(project).toMatchObject({ key: 'demo', status: 1 });
    const made = await db.db.select().from(profiles).where(eq(profiles.projectId, project.id));
    expect(made.map((p) => p.name).sort()).toEqual(['Manager', 'Owner', 'Support']);
    expect(made.find((p) => p.name === 'Owner')!.isRoot).toBe(true);

    const staff = await db.db
      .select({ email: users.email, profile: profiles.name, hash: users.passwordHash })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(membershipProfiles, eq(membershipProfiles.membershipId, memberships.id))
      .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId));
    expect(staff).toHaveLength(3);
    const demoPassword = readFileSync(path.join(db.dataDir, 'initial-demo-password'), 'utf8').trim();
    expect(statSync(path.join(db.dataDir, 'initial-demo-password')).mode & 0o777).toBe(0o600);
    for (const s of staff) expect(await verifyPassword(s.hash!, demoPassword)).toBe(true);
    expect(logins.filter((l) => l.note.startsWith('demo'))).toHaveLength(3);

    // A team channel with a few messages, read by all three, so nothing starts unread.
    const [general] = await db.db.select().from(chatConversations).where(eq(chatConversations.projectId, project.id));
    expect(general).toMatchObject({ kind: 'channel', name: 'general', isPrivate: false });
    const said = await db.db.select().from(chatMessages).where(eq(chatMessages.conversationId, general.id));
    expect(said.length).toBeGreaterThanOrEqual(3);
    expect(general.lastMessageSeq).toBe(Math.max(...said.map((m) => m.seq)));
    const reads = await db.db.select().from(chatReads).where(eq(chatReads.conversationId, general.id));
    expect(reads.map((r) => r.lastReadSeq)).toEqual([general.lastMessageSeq, general.lastMessageSeq, general.lastMessageSeq]);

    for (const locale of ['en', 'es']) {
      const faqs = await db.db.select().from(faqEntries).where(eq(faqEntries.locale, locale));
      const articles = await db.db.select().from(helpArticles).where(eq(helpArticles.locale, locale));
      expect(faqs.length).toBeGreaterThanOrEqual(8);
      expect(articles.length).toBeGreaterThanOrEqual(5);
      for (const a of articles) expect(a.body.length).toBeGreaterThan(400);
    }
    // Every topic exists in both languages, with a slug of its own language.
    const all = await db.db.select().from(helpArticles);
    const topics = new Set(all.map((a) => a.topic));
    for (const topic of topics)
      expect(
        all
          .filter((a) => a.topic === topic)
          .map((a) => a.locale)
          .sort(),
      ).toEqual(['en', 'es']);
  });

  it('does nothing on a database that already has users', async () => {
    await seed(db.db, { dataDir: db.dataDir, rootEmail: 'root@localhost', demoData: true });
    const before = await db.db.select().from(users);
    const again = await seed(db.db, { dataDir: db.dataDir, rootEmail: 'other@localhost', demoData: true });
    expect(again).toEqual([]);
    expect(await db.db.select().from(users)).toHaveLength(before.length);
    expect(await db.db.select().from(projects)).toHaveLength(1);
  });
});
