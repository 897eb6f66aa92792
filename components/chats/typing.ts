// Who is typing in the open conversation. Each `chat:typing` event keeps its sender listed
// for a few seconds; the sender repeats it while still typing.

/** A typist sends at most one event per this interval… */
export const TYPING_SEND_EVERY_MS = 3000;
/** …and is shown for this long after their last one (a little over the interval, so it does not flicker). */
export const TYPING_SHOW_MS = 4000;

export type Typists = ReadonlyMap<string, { name: string; until: number }>;

export function addTypist(typists: Typists, user: { id: string; name: string }, now: number): Typists {
  const next = new Map(typists);
  // Names are listed in the order people started typing: someone still shown keeps their
  // place; someone who had stopped starts again at the end.
  const kept = next.get(user.id);
  if (kept && kept.until <= now) next.delete(user.id);
  next.set(user.id, { name: user.name, until: now + TYPING_SHOW_MS });
  return next;
}

/** Their message arrived: they are no longer typing it. */
export function removeTypist(typists: Typists, userId: string): Typists {
  if (!typists.has(userId)) return typists;
  const next = new Map(typists);
  next.delete(userId);
  return next;
}

export function activeTypists(typists: Typists, now: number): string[] {
  return [...typists.values()].filter((t) => t.until > now).map((t) => t.name);
}

/** When the next typist stops being shown; null when nobody is. */
export function nextExpiry(typists: Typists, now: number): number | null {
  const times = [...typists.values()].map((t) => t.until).filter((until) => until > now);
  return times.length ? Math.min(...times) : null;
}

/** The `chats` message key and values for the indicator: "Ana is typing…", "Ana and Bo are typing…". */
export function typingText(names: string[]): { key: string; values: Record<string, string | number> } | null {
  if (names.length === 0) return null;
  if (names.length === 1) return { key: 'typingOne', values: { name: names[0] } };
  if (names.length === 2) return { key: 'typingTwo', values: { first: names[0], second: names[1] } };
  return { key: 'typingMany', values: { first: names[0], second: names[1], count: names.length - 2 } };
}

/** Whether a keystroke now should tell the others (at most once per TYPING_SEND_EVERY_MS). */
export function shouldSendTyping(lastSentAt: number | null, now: number): boolean {
  return lastSentAt === null || now - lastSentAt >= TYPING_SEND_EVERY_MS;
}
