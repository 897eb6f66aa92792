// Message text with its web addresses as links. Only http and https become links: any
// other scheme (javascript:, data:, …) stays plain text, and React escapes all text.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Candidates only; each is checked with the URL parser before it becomes a link.
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than an address.
const TRAILING = /[.,;:!?'"*_~]+$/;

const count = (text: string, char: string) => text.split(char).length - 1;

/** Drops what a sentence put after the address: a final period, an unmatched closing parenthesis. */
function trimEnd(candidate: string): string {
  let url = candidate;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    if (url.endsWith(')') && count(url, ')') > count(url, '(')) url = url.slice(0, -1);
    if (url === before) return url;
  }
}

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Splits a message into text and link parts, in order; joining every part's text gives the input back. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (part: TextPart) => {
    const prev = parts[parts.length - 1];
    if (part.kind === 'text' && prev?.kind === 'text') prev.text += part.text;
    else if (part.text) parts.push(part);
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const url = trimEnd(match[0]);
    const href = safeHref(url);
    if (!href) continue;
    push({ kind: 'text', text: text.slice(last, match.index) });
    push({ kind: 'link', text: url, href });
    last = match.index + url.length;
  }
  push({ kind: 'text', text: text.slice(last) });
  return parts;
}
