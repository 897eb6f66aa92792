import { eq } from 'drizzle-orm';
import { extensionNames, extensions as catalogue } from '../access/extensions';
import { audit, type Actor } from '../audit/service';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { isLocale } from '../i18n/negotiate';
import { projects, type Project } from '../projects/tables';
import { storageOf } from '../quotas/service';
import { deleteStoredFile } from '../storage';
import { storeLogo } from './logo';
import { exclusiveExtensions, switchableExtensions, type ExtensionsSettingsInput, type GeneralSettingsInput } from './schemas';
import type { ProjectSettings } from './types';

/** The project a settings call acts on: always the caller's active one. */
type Scope = { projectId: string; actor: Actor };

async function settingsOf(db: Db, row: Project): Promise<ProjectSettings> {
  return {
    name: row.name,
    key: row.key,
    logo: row.logo,
    currency: row.currency,
    timeZone: row.timeZone,
    language: isLocale(row.language) ? row.language : 'en',
    extensions: extensionNames.map((name) => ({ name, enabled: row.extensions.includes(name), exclusive: catalogue[name].exclusive })),
    storage: await storageOf(db, 'project', row.id),
  };
}

async function projectRow(db: Db | Tx, projectId: string, lock = false): Promise<Project> {
  const query = db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

export async function readSettings(db: Db, projectId: string): Promise<ProjectSettings> {
  return settingsOf(db, await projectRow(db, projectId));
}

type GeneralFields = Pick<Project, 'name' | 'currency' | 'timeZone' | 'language' | 'logo'>;

/** Only the fields that differ, as `{ field: { before, after } }` for the audit log. */
function changes(before: GeneralFields, after: GeneralFields): Record<string, { before: unknown; after: unknown }> {
  const keys = ['name', 'currency', 'timeZone', 'language', 'logo'] as const;
  return Object.fromEntries(keys.filter((k) => before[k] !== after[k]).map((k) => [k, { before: before[k], after: after[k] }]));
}

/**
 * Name, currency, time zone, language and logo. A new logo (checked and resized before
 * anything is written) replaces the old one, whose file is then deleted; `removeLogo`
 * drops it. The change and its audit entry land together or not at all.
 */
export async function updateGeneralSettings(db: Db, scope: Scope, input: GeneralSettingsInput, logo?: File): Promise<ProjectSettings> {
  // The logo on file before an upload: the same image gets the same URL, whose file a failed save must keep.
  const onFile = logo ? (await projectRow(db, scope.projectId)).logo : undefined;
  const newLogo = logo ? await storeLogo(scope.projectId, new Uint8Array(await logo.arrayBuffer())) : undefined;
  let result: { before: Project; after: Project };
  try {
    result = await db.transaction(async (tx) => {
      const before = await projectRow(tx, scope.projectId, true);
      const next: GeneralFields = {
        name: input.name,
        currency: input.currency,
        timeZone: input.timeZone,
        language: input.language,
        logo: newLogo ?? (input.removeLogo ? null : before.logo),
      };
      const changed = changes(before, next);
      if (Object.keys(changed).length === 0) return { before, after: before };
      const [after] = await tx
        .update(projects)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(projects.id, scope.projectId))
        .returning();
      await audit(tx, scope.actor, { action: 'project.settings', target: { type: 'project', id: scope.projectId }, data: changed });
      return { before, after };
    });
  } catch (error) {
    // Nothing points at the new file, unless it is the very image already on file.
    if (newLogo && newLogo !== onFile) await deleteStoredFile(newLogo);
    throw error;
  }
  const { before, after } = result;
  if (before.logo && before.logo !== after.logo) await deleteStoredFile(before.logo);
  return settingsOf(db, after);
}

/**
 * Switches the project's own extensions. Naming an exclusive one (varket, photomagik) is
 * refused whole, since only root switches those; the exclusive ones already on stay on.
 */
export async function updateExtensions(db: Db, scope: Scope, input: ExtensionsSettingsInput): Promise<ProjectSettings> {
  const named = exclusiveExtensions.find((name) => input[name] !== undefined);
  if (named) throw new HttpError(403, 'settingsExclusiveExtension', {}, { extension: named });
  const saved = await db.transaction(async (tx) => {
    const row = await projectRow(tx, scope.projectId, true);
    const current = new Set(row.extensions);
    const wanted = new Set(current);
    for (const name of switchableExtensions) {
      const on = input[name];
      if (on === true) wanted.add(name);
      else if (on === false) wanted.delete(name);
    }
    // Catalogue order, then anything else already stored (kept, never dropped here).
    const next = [...extensionNames.filter((n) => wanted.has(n)), ...row.extensions.filter((n) => !(extensionNames as string[]).includes(n))];
    const added = next.filter((n) => !current.has(n));
    const removed = row.extensions.filter((n) => !wanted.has(n));
    if (added.length === 0 && removed.length === 0) return row;
    const [updated] = await tx.update(projects).set({ extensions: next, updatedAt: new Date() }).where(eq(projects.id, scope.projectId)).returning();
    await audit(tx, scope.actor, { action: 'project.extensions', target: { type: 'project', id: scope.projectId }, data: { added, removed } });
    return updated;
  });
  return settingsOf(db, saved);
}
