import { and, eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { projectFiles } from '../projects/tables';
import { privateFileResponse } from '../storage/download';

type ProjectFile = typeof projectFiles.$inferSelect;

/** A file attached to this project's request; another project's file is a 404 like an unknown one. */
export async function projectFileOrThrow(db: Db, projectId: string, fileId: string): Promise<ProjectFile> {
  if (!isUuid(projectId) || !isUuid(fileId)) throw new HttpError(404, 'notFound');
  const [row] = await db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, projectId)))
    .limit(1);
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** The stored file as a download, never cached (it is private to root). */
export function downloadResponse(file: ProjectFile): Promise<Response> {
  return privateFileResponse({ key: file.key, name: file.name, type: file.contentType, inline: false, cacheControl: 'no-store' });
}
