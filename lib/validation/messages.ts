import type { z } from 'zod/mini';

/** Looks a key up in the `validation` messages namespace (the key is relative to it). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export type TokenValues = Record<string, string | number>;

// Issues carry a token instead of text so one schema serves the browser and the server:
// zodResolver keeps only `message` strings, and each side translates into its own locale.
const PREFIX = 'validation.';
const TOKEN = /^validation\.([A-Za-z][\w.]*)(?: (\{.*\}))?$/s;

/** `token('stringMin', { min: 8 })` → `validation.stringMin {"min":8}`. */
export function token(key: string, values?: TokenValues): string {
  return values ? `${PREFIX}${key} ${JSON.stringify(values)}` : PREFIX + key;
}

/** The key and values of one of our tokens, or null for any other message. */
export function parseToken(message: string): { key: string; values?: TokenValues } | null {
  const match = TOKEN.exec(message);
  if (!match) return null;
  if (!match[2]) return { key: match[1] };
  try {
    const values: unknown = JSON.parse(match[2]);
    if (!values || typeof values !== 'object' || Array.isArray(values)) return null;
    return { key: match[1], values: values as TokenValues };
  } catch {
    return null;
  }
}

/** Translates a token; any other message (a server's own text, zod's defaults) comes back unchanged. */
export function translateToken(message: string, t: Translate): string {
  const parsed = parseToken(message);
  return parsed ? t(parsed.key, parsed.values) : message;
}

/** The first translated message per field, keyed by its path joined with '.' ('' for the whole object). */
export function fieldErrors(error: Pick<z.core.$ZodError, 'issues'>, t: Translate): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.');
    if (!(name in fields)) fields[name] = translateToken(issue.message, t);
  }
  return fields;
}
