// Canned replies' placeholders, filled in the browser when a reply is inserted into the
// composer: the text that lands there is plain and editable, so nothing is left for the
// server to expand (and a requester never sees a raw {{…}} from a half-filled reply).

export const PLACEHOLDERS = ['name', 'project', 'agent'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

// Spaces inside the braces and any case are forgiven ({{ Name }}); an unknown name stays as written.
const PATTERN = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** The text with each known placeholder replaced by its value; unknown ones are left alone. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PATTERN, (whole, name: string) => {
    const key = name.toLowerCase();
    return (PLACEHOLDERS as readonly string[]).includes(key) ? values[key as Placeholder] : whole;
  });
}

/**
 * Puts `insert` into `current` where the caret was (`start`–`end` replaced), with a blank
 * line between it and text around it, and says where the caret goes afterwards.
 */
export function insertAt(current: string, insert: string, start: number, end: number): { text: string; caret: number } {
  const before = current.slice(0, start);
  const after = current.slice(end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const tail = after === '' || after.startsWith('\n') ? '' : '\n\n';
  const text = `${before}${lead}${insert}${tail}${after}`;
  return { text, caret: before.length + lead.length + insert.length };
}
