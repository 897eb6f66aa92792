import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id floor: 19 MiB, 2 iterations, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password that satisfies the password rule (digit, lower, upper). */
export function generatePassword(length = 20): string {
  for (;;) {
    const value = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (/\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value)) return value;
  }
}
