import { freshDatabase as freshBench } from '../../bench/fresh-database';
import { createSession } from '../../lib/auth/sessions';
import { chatConversations } from '../../lib/chats/tables';
import { openDb } from '../../lib/db/client';
import { migrate } from '../../lib/db/migrate';
import { resetEnv } from '../../lib/env';
import { membershipProfiles, memberships, profiles, projects } from '../../lib/projects/tables';
import { users } from '../../lib/users/tables';

// What the chat deploy tests start from, written through the project's own modules before a
// server runs: one project, a staff profile with CHATS__TEAM, a few members, one team channel
// and a signed-in session (an access token) for each member.

export type ChatSeed = { projectId: string; conversationId: string; tokens: string[] };

/** Seeds the embedded database in `dataDir`, or the PostgreSQL database of `databaseUrl`; tokens are signed with `secret`. */
export async function seedChat(options: { dataDir: string; databaseUrl?: string; secret: string; members: number }): Promise<ChatSeed> {
  // Tokens are signed with the secret the server will be given.
  process.env.AUTH_SECRET = options.secret;
  resetEnv();
  const handle = openDb({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    await migrate(handle.db, handle.kind);
    const db = handle.db;
    const [project] = await db.insert(projects).values({ key: 'durable', name: 'Durable', status: 1 }).returning();
    const [profile] = await db
      .insert(profiles)
      .values({ projectId: project.id, name: 'Staff', permissions: ['CHATS__TEAM'] })
      .returning();
    const rows = await db
      .insert(users)
      .values(Array.from({ length: options.members }, (_, i) => ({ email: `member${i}@durable.test`, name: `Member ${i}`, status: 1 })))
      .returning({ id: users.id });
    const ms = await db
      .insert(memberships)
      .values(rows.map((u) => ({ projectId: project.id, userId: u.id })))
      .returning({ id: memberships.id });
    await db.insert(membershipProfiles).values(ms.map((m) => ({ membershipId: m.id, profileId: profile.id })));
    const [channel] = await db.insert(chatConversations).values({ projectId: project.id, kind: 'channel', name: 'general', createdBy: rows[0].id }).returning();
    const tokens: string[] = [];
    for (const u of rows) tokens.push((await createSession(db, u.id, { userAgent: 'durability test', ip: '127.0.0.1' })).tokens.accessToken);
    return { projectId: project.id, conversationId: channel.id, tokens };
  } finally {
    await handle.close();
  }
}

/** A new, empty database on the PostgreSQL server of `url` (the benches' helper); `drop` removes it again. */
export const freshDatabase = (url: string) => freshBench(url, 'atrio_durable');
