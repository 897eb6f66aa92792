import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hashToken } from './refresh-token';
import { oneTimeTokens } from './tables';

export type Purpose = 'emailConfirmation' | 'emailChange' | 'emailChangeUndo' | 'passwordReset';

const TOKEN_TTL_MS: Record<Purpose, number> = {
  emailConfirmation: 3 * 24 * 3600_000,
  emailChange: 24 * 3600_000,
  // Outlives the change link, so the old address can still undo a change already applied.
  emailChangeUndo: 7 * 24 * 3600_000,
  passwordReset: 3600_000,
};

// An undo link sent to the old address must survive later changes: otherwise whoever
// changed the address could cancel the owner's link just by changing it again.
const KEEPS_EARLIER: ReadonlySet<Purpose> = new Set(['emailChangeUndo']);

/** Issues a token for an emailed link; only its hash is stored. Earlier unused ones of the same purpose stop working (but undo links). */
export async function issueToken(db: Db, purpose: Purpose, userId: string, data: Record<string, unknown> = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    if (!KEEPS_EARLIER.has(purpose))
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
    await tx.insert(oneTimeTokens).values({ purpose, userId, data, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]) });
  });
  return token;
}

/** Uses a token once: the row comes back only for the first caller, before expiry. */
export async function consumeToken(db: Db, purpose: Purpose, token: string) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, data: oneTimeTokens.data, createdAt: oneTimeTokens.createdAt });
  return row?.userId ? { userId: row.userId, data: row.data, createdAt: row.createdAt } : null;
}

/** When the last token of this purpose was sent to the user (for resend cooldowns). */
export async function lastIssuedAt(db: Db, purpose: Purpose, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)))
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** The address waiting for confirmation after an email change, if any. */
export async function pendingEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ data: oneTimeTokens.data })
    .from(oneTimeTokens)
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, 'emailChange'), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return typeof row?.data.email === 'string' ? row.data.email : null;
}
