import { and, eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { projectFiles } from '../projects/tables';
import { storage } from '../storage';

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

// RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * as they are, which the grammar does not allow.
const extValue = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` with the name twice: a plain ASCII one for old clients (anything else, quotes,
 * backslashes and percent signs become `_`) and the exact UTF-8 one as `filename*`.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${extValue(name)}`;
}

/**
 * The stored file as a download: never shown inline, never sniffed into something that
 * runs, never cached (it is private to root). A row whose bytes are gone is a 404.
 */
export async function downloadResponse(file: ProjectFile): Promise<Response> {
  const stored = await storage().get(file.key);
  if (!stored) throw new HttpError(404, 'notFound');
  return new Response(stored.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(stored.bytes.byteLength),
      'Content-Disposition': attachmentDisposition(file.name),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}
