import { token } from './messages';

// PostgreSQL stores neither of these: text refuses NUL (22021), and jsonb refuses NUL and a
// UTF-16 surrogate without its pair (22P05); in a text column a lone surrogate would become
// U+FFFD on the way, so what is stored would not be what was sent. Refused as input instead.
const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The validation token for text that cannot be stored as sent, or undefined when it can. */
export function unstorableToken(value: string): string | undefined {
  if (NUL.test(value)) return token('controlCharacters');
  if (LONE_SURROGATE.test(value)) return token('brokenCharacters');
  return undefined;
}

/** Where an unstorable string sits in a value, and why: one field error's path and token. */
export type UnstorableAt = { path: (string | number)[]; message: string };

/**
 * Keys whose text is only ever hashed, never stored: a password set before this check must
 * still sign in, so these are left to their own schema.
 */
const SECRET_KEYS = new Set(['password', 'currentPassword', 'newPassword', 'passwordConfirm']);

type Node = { value: unknown; key: string | number | null; parent: Node | null };

function pathOf(node: Node | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let n = node; n && n.key !== null; n = n.parent) path.unshift(n.key);
  return path;
}

/**
 * The first string (or object key) in `value` that cannot be stored, with its path. Walked
 * with a stack and parent links, not recursion or copied paths: a body nested a million
 * levels deep must cost linear time here and never overflow the call stack.
 */
export function findUnstorable(value: unknown): UnstorableAt | null {
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      const message = unstorableToken(v);
      if (message) return { path: pathOf(node), message };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v).reverse()) {
        const message = unstorableToken(key);
        // The key itself is what is wrong; its path names the object that holds it.
        if (message) return { path: pathOf(node), message };
        if (!SECRET_KEYS.has(key)) stack.push({ value: child, key, parent: node });
      }
    }
  }
  return null;
}
