import type { StyleView } from './schemas';

// The styles list learns of finished previews from the socket (`photomagik:preview`); this
// poll is only the fallback for a socket that is down. It backs off (5 s, 10 s, 20 s, 40 s,
// then every 60 s), gives up after POLL_MAX_TRIES reads that still found a preview pending
// (a preview that failed for good stays empty), and does not run at all when nothing is
// pending. TanStack Query already stops it while the tab is hidden and on unmount.

export const POLL_FIRST_MS = 5_000;
export const POLL_CAP_MS = 60_000;
export const POLL_MAX_TRIES = 12;

export const previewPending = (styles: readonly StyleView[] | undefined) => Boolean(styles?.some((s) => !s.previewUrl));

/** The wait before the next read, or false for none; `tries`: reads so far that still found one pending. */
export function previewPollDelay(styles: readonly StyleView[] | undefined, tries: number): number | false {
  if (!previewPending(styles) || tries >= POLL_MAX_TRIES) return false;
  return Math.min(POLL_FIRST_MS * 2 ** tries, POLL_CAP_MS);
}
