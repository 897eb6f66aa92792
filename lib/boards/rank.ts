// Fractional ranks: base-62 digit strings compared byte by byte (the columns are COLLATE
// "C"). A key strictly between any two others always exists, so placing a card or a
// column writes its own row only, never its neighbours'.

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length;

const value = (s: string, i: number) => (i < s.length ? DIGITS.indexOf(s[i]) : 0);

/** True for a rank this module could have made: digits only, not empty, no trailing zero. */
export function isRank(rank: string): boolean {
  return rank.length > 0 && rank.length <= 512 && [...rank].every((c) => DIGITS.includes(c)) && !rank.endsWith('0');
}

/**
 * A rank strictly between `lower` and `upper` (null: the start or the end of the list).
 * Keys never end in the zero digit, so there is always room below any key.
 */
export function rankBetween(lower: string | null, upper: string | null): string {
  const a = lower ?? '';
  if (upper !== null && !(a < upper)) throw new Error(`rankBetween: ${a} is not below ${upper}`);
  let b = upper;
  let out = '';
  for (let i = 0; ; i += 1) {
    const da = value(a, i);
    const db = b === null ? BASE : value(b, i);
    if (da === db) {
      out += DIGITS[da];
      continue;
    }
    if (db - da > 1) return out + DIGITS[Math.floor((da + db) / 2)];
    // Adjacent digits: keep the lower one and look for room after it, below nothing.
    out += DIGITS[da];
    b = null;
  }
}

/** `count` ranks in order, spread evenly (seeding and bulk creation). */
export function spreadRanks(count: number): string[] {
  const width = Math.max(1, Math.ceil(Math.log(count + 1) / Math.log(BASE)));
  const span = BASE ** width;
  return Array.from({ length: count }, (_, i) => {
    let n = Math.floor(((i + 1) * span) / (count + 1));
    let s = '';
    for (let k = 0; k < width; k += 1) {
      s = DIGITS[n % BASE] + s;
      n = Math.floor(n / BASE);
    }
    return s.replace(/0+$/, '') || DIGITS[1];
  });
}
