// Images in a post's Markdown, shared by the editor and the schema (no server imports).

// `![alt](address "title")`: the alt may hold escaped brackets, the address no spaces.
const IMAGE = /!\[((?:\\.|[^\]\\])*)\]\(\s*<?([^\s)>]*)>?(?:\s+"[^"]*")?\s*\)/g;

/** How many images of the body have no description (an empty or blank alt). */
export function imagesWithoutAlt(markdown: string): number {
  let missing = 0;
  for (const match of markdown.matchAll(IMAGE)) if (!match[1].replace(/\\(.)/g, '$1').trim()) missing += 1;
  return missing;
}

/** The Markdown of an uploaded image: its description on one line, brackets and backslashes escaped. */
export function imageMarkdown(alt: string, url: string): string {
  const text = alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, (c) => `\\${c}`);
  return `![${text}](${url})`;
}
