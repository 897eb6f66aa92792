/** Words an adult reads in a minute, roughly; the usual figure for on-screen prose. */
export const WORDS_PER_MINUTE = 230;

/**
 * The words a reader reads in a Markdown body: images, link addresses, HTML tags and
 * punctuation are not words. Runs in the editor on each keystroke, so it
 * is a few regular expressions, not a Markdown parse.
 */
export function wordCount(markdown: string): number {
  const text = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ');
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)?.length ?? 0;
}

/** Minutes to read the body at WORDS_PER_MINUTE, rounded up, at least one. */
export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(wordCount(markdown) / WORDS_PER_MINUTE));
}
