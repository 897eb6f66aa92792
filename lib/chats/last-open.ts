import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * The conversation each viewer last read, per project, kept in this browser: entering Chats
 * without one chosen opens it again. Client-side on purpose: it is a convenience, not data
 * another device needs, and the server already knows what is read (the unread counts).
 */
type LastOpen = Record<string, string>;

// Read at creation (getOnInit) so the first effect after mounting already sees it. The default
// JSON storage is localStorage in the browser and nothing on the server, where the page renders first.
const storage = createJSONStorage<LastOpen>();
export const lastOpenAtom = atomWithStorage<LastOpen>('atrio.chats.lastOpen', {}, storage, { getOnInit: true });

export function lastOpenKey(projectId: string, userId: string): string {
  return `${projectId}:${userId}`;
}

/** Remembers (id) or forgets (null) the last conversation of one viewer in one project. */
export const rememberLastOpenAtom = atom(null, (get, set, { key, id }: { key: string; id: string | null }) => {
  const current = get(lastOpenAtom);
  if ((current[key] ?? null) === id) return;
  const next = { ...current };
  if (id) next[key] = id;
  else delete next[key];
  set(lastOpenAtom, next);
});
