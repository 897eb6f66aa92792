/** A LIKE pattern matching `text` anywhere: `%`, `_` and the escape character itself match literally (backslash is LIKE's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
