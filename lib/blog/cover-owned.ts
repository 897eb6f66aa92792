import { storage } from '../storage';
import { coverKeyOf } from './cover-path';

/** Whether `url` names a cover this project uploaded and that is still stored (by its id, never by a path). */
export async function isOwnCover(projectId: string, url: string): Promise<boolean> {
  const key = coverKeyOf(projectId, url);
  return key !== null && (await storage().get(key)) !== null;
}
