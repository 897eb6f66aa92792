import { and, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { env } from '../env';
import { HttpError } from '../http/errors';
import { actorOf, type ProjectContext } from '../http/context';
import { projects } from '../projects/tables';
import type { CredentialsInput } from './schemas';
import { seal, unseal } from './secrets';
import { whatsappAccounts, type WhatsappAccount } from './tables';
import type { WhatsappSettingsView } from './types';

type Conn = Db | Tx;
type Reader = Pick<ProjectContext, 'db' | 'project'>;

/** What the server uses to talk to the Cloud API for a project, secrets opened. */
export type Credentials = {
  projectId: string;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string | null;
  appSecret: string | null;
  verifyToken: string | null;
};

export const WEBHOOK_PATH = '/api/webhooks/whatsapp';

function view(row: WhatsappAccount | undefined): WhatsappSettingsView {
  return {
    phoneNumberId: row?.phoneNumberId ?? '',
    wabaId: row?.wabaId ?? '',
    accessTokenSet: Boolean(row?.accessToken),
    appSecretSet: Boolean(row?.appSecret),
    verifyTokenSet: Boolean(row?.verifyToken),
    webhookUrl: `${env().PUBLIC_URL}${WEBHOOK_PATH}`,
  };
}

export function opened(row: WhatsappAccount): Credentials {
  return {
    projectId: row.projectId,
    phoneNumberId: row.phoneNumberId,
    wabaId: row.wabaId,
    accessToken: unseal(row.accessToken),
    appSecret: unseal(row.appSecret),
    verifyToken: unseal(row.verifyToken),
  };
}

/** The active project's settings, secrets shown only as set or not. */
export async function getSettings(ctx: Reader): Promise<WhatsappSettingsView> {
  const [row] = await ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.projectId, ctx.project.id)).limit(1);
  return view(row);
}

/**
 * Saves the ids; a secret is replaced only when one is given. Another project's phone number
 * id is a 409. The audit log records the ids and which secrets were replaced, never their values.
 */
export async function saveSettings(ctx: ProjectContext, input: CredentialsInput): Promise<WhatsappSettingsView> {
  const secrets: Partial<Pick<WhatsappAccount, 'accessToken' | 'appSecret' | 'verifyToken'>> = {};
  if (input.accessToken) secrets.accessToken = seal(input.accessToken);
  if (input.appSecret) secrets.appSecret = seal(input.appSecret);
  if (input.verifyToken) secrets.verifyToken = seal(input.verifyToken);
  const values = { phoneNumberId: input.phoneNumberId, wabaId: input.wabaId, ...secrets, updatedAt: new Date() };
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(whatsappAccounts)
        .values({ projectId: ctx.project.id, ...values })
        .onConflictDoUpdate({ target: whatsappAccounts.projectId, set: values })
        .returning();
      await audit(tx, actorOf(ctx), {
        action: 'project.settings',
        target: { type: 'project', id: ctx.project.id },
        data: { whatsapp: { phoneNumberId: input.phoneNumberId, wabaId: input.wabaId, secretsReplaced: Object.keys(secrets) } },
      });
      return saved;
    });
    return view(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'whatsapp.phoneTaken', { phoneNumberId: 'whatsapp.phoneTaken' });
    throw error;
  }
}

// An account counts only while its project is enabled and has the extension on.
const live = and(eq(projects.status, 1), sql`${projects.extensions} @> '["whatsappApi"]'::jsonb`);

function selectLive(db: Conn) {
  return db.select({ account: whatsappAccounts }).from(whatsappAccounts).innerJoin(projects, eq(projects.id, whatsappAccounts.projectId)).$dynamic();
}

/** Live accounts by phone number id (webhook routing). */
export async function accountsByPhone(db: Conn, phoneNumberIds: string[]): Promise<Map<string, Credentials>> {
  if (phoneNumberIds.length === 0) return new Map();
  const rows = await selectLive(db).where(and(live, inArray(whatsappAccounts.phoneNumberId, phoneNumberIds)));
  return new Map(rows.map((r) => [r.account.phoneNumberId, opened(r.account)]));
}

/** Every live account holding a verify token (the webhook's GET handshake). */
export async function accountsWithVerifyToken(db: Conn): Promise<Credentials[]> {
  const rows = await selectLive(db).where(and(live, sql`${whatsappAccounts.verifyToken} is not null`));
  return rows.map((r) => opened(r.account));
}

/** The project's account, when it is live. */
export async function accountOf(db: Conn, projectId: string): Promise<Credentials | null> {
  const [row] = await selectLive(db).where(and(live, eq(whatsappAccounts.projectId, projectId)));
  return row ? opened(row.account) : null;
}
