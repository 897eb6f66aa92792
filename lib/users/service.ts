import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { defaultLocale, type Locale } from '../i18n/locales';
import { isLocale } from '../i18n/negotiate';
import { users, type User } from './tables';

/** The account behind an address, whatever its case. */
export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user ?? null;
}

/** The language to write to a user in: the one they signed up in, else the fallback. */
export function userLocale(user: { language: string | null }, fallback: Locale = defaultLocale): Locale {
  return isLocale(user.language) ? user.language : fallback;
}
