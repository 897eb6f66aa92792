import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Permission } from '../access/permissions';
import { generatePassword, hashPassword } from '../auth/passwords';
import { seedDemoBoard } from '../boards/seed';
import { seedDemoChat } from '../chats/seed';
import { seedDemoEventLogs } from '../eventlogs/seed';
import { seedDemoRequests } from '../requests/seed';
import { seedDemoInvoices } from '../invoices/seed';
import { seedFaqs, seedHelpArticles } from '../content/seed-data';
import { seedDemoInterview } from '../interviews/seed';
import { seedDemoBlog } from '../blog/seed';
import { seedDemoVarket } from '../varket/seed';
import { seedDemoPhotomagik } from '../photomagik/seed';
import { faqEntries, helpArticles } from '../content/tables';
import { membershipProfiles, memberships, profiles, projects } from '../projects/tables';
import { users } from '../users/tables';
import type { Db } from './client';

export type SeedOptions = { dataDir: string; rootEmail: string; rootPassword?: string; demoData: boolean };
export type Login = { email: string; password: string; file: string; note: string };

const DEMO_STAFF = [
  { email: 'owner@demo.test', name: 'Olivia Owner', profile: 'Owner' },
  { email: 'manager@demo.test', name: 'Mateo Manager', profile: 'Manager' },
  { email: 'support@demo.test', name: 'Sofía Support', profile: 'Support' },
] as const;

const DEMO_PROFILES: { name: string; isRoot: boolean; permissions: Permission[] }[] = [
  { name: 'Owner', isRoot: true, permissions: [] },
  {
    name: 'Manager',
    isRoot: false,
    permissions: [
      'CHATS__TEAM',
      'CHATS__SUPPORT',
      'USERS__VIEW',
      'USERS__CREATE',
      'USERS__UPDATE',
      'PROFILES__VIEW',
      'BOARDS__VIEW',
      'BOARDS__CREATE',
      'BOARDS__UPDATE',
      'REQUESTS__VIEW',
      'REQUESTS__UPDATE',
      'INVOICES__VIEW',
      'INVOICES__PAY',
      'INTERVIEWS__VIEW',
      'INTERVIEWS__CREATE',
      'INTERVIEWS__UPDATE',
      'SETTINGS__UPDATE',
    ],
  },
  { name: 'Support', isRoot: false, permissions: ['CHATS__TEAM', 'CHATS__SUPPORT', 'REQUESTS__VIEW', 'REQUESTS__UPDATE', 'BOARDS__VIEW'] },
];

/** Writes a first password where only the operator can read it. */
function keepSecret(dataDir: string, name: string, value: string): string {
  // On PostgreSQL with AUTH_SECRET given, nothing else has created DATA_DIR yet.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, name);
  writeFileSync(file, value + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** First start on an empty database: the root user and, unless disabled, demo data. */
export async function seed(db: Db, options: SeedOptions): Promise<Login[]> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return [];
  const logins: Login[] = [];

  await db.transaction(async (tx) => {
    const rootPassword = options.rootPassword ?? generatePassword();
    await tx.insert(users).values({
      email: options.rootEmail.toLowerCase(),
      name: 'Root',
      passwordHash: await hashPassword(rootPassword),
      status: 1,
      isRoot: true,
    });
    if (!options.rootPassword)
      logins.push({ email: options.rootEmail, password: rootPassword, file: keepSecret(options.dataDir, 'initial-root-password', rootPassword), note: 'root' });

    if (!options.demoData) return;

    const [project] = await tx
      .insert(projects)
      .values({ key: 'demo', name: 'Demo Studio', description: 'A sample project to explore Atrio.', status: 1, extensions: ['blog', 'eventLogs'] })
      .returning();
    const made = await tx
      .insert(profiles)
      .values(DEMO_PROFILES.map((p) => ({ ...p, projectId: project.id })))
      .returning();
    const demoPassword = generatePassword();
    const demoHash = await hashPassword(demoPassword);
    const staffIds: string[] = [];
    for (const staff of DEMO_STAFF) {
      const [user] = await tx.insert(users).values({ email: staff.email, name: staff.name, passwordHash: demoHash, status: 1 }).returning();
      staffIds.push(user.id);
      const [membership] = await tx.insert(memberships).values({ projectId: project.id, userId: user.id }).returning();
      const profile = made.find((p) => p.name === staff.profile)!;
      await tx.insert(membershipProfiles).values({ membershipId: membership.id, profileId: profile.id });
    }
    await seedDemoChat(tx, project.id, staffIds);
    await seedDemoBoard(tx, project.id, staffIds);
    await seedDemoRequests(tx, project.id, staffIds);
    await seedDemoInvoices(tx, project.id);
    await seedDemoInterview(tx, project.id, staffIds[0] ?? null);
    await seedDemoEventLogs(tx, project.id, staffIds);
    await seedDemoBlog(tx, project.id, staffIds[0] ?? null);
    await seedDemoVarket(tx, project.id, staffIds[1] ?? null);
    await seedDemoPhotomagik(tx, project.id);
    const file = keepSecret(options.dataDir, 'initial-demo-password', demoPassword);
    for (const staff of DEMO_STAFF) logins.push({ email: staff.email, password: demoPassword, file, note: `demo ${staff.profile.toLowerCase()}` });

    const [{ faqs }] = await tx.select({ faqs: count() }).from(faqEntries);
    if (faqs === 0) await tx.insert(faqEntries).values(seedFaqs);
    const [{ articles }] = await tx.select({ articles: count() }).from(helpArticles);
    if (articles === 0) await tx.insert(helpArticles).values(seedHelpArticles);
  });
  return logins;
}
