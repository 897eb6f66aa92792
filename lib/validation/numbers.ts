export type DecimalMark = '.' | ',';

const escape = (c: string) => (c === '.' ? '\\.' : c);

function numberPattern(decimal: DecimalMark): RegExp {
  const group = decimal === '.' ? ',' : '.';
  const d = escape(decimal);
  const g = escape(group);
  // Grouping is accepted only where it is well formed (1–3 digits, then groups of 3), so
  // "1,5" typed with the other convention in mind is rejected instead of read as 15.
  return new RegExp(`^[+-]?(?:(?:\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}\\d+)?|${d}\\d+)$`);
}

const PATTERNS: Record<DecimalMark, RegExp> = { '.': numberPattern('.'), ',': numberPattern(',') };

/**
 * Reads a number typed by a person: "1,234.5" with the default decimal point, "1.234,5"
 * with decimal ','. Surrounding spaces are ignored. NaN when it is not a finite number.
 */
export function toNumber(value: string | number, decimal: DecimalMark = '.'): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  const text = value.trim();
  if (!PATTERNS[decimal].test(text)) return NaN;
  const group = decimal === '.' ? ',' : '.';
  return Number(text.split(group).join('').replace(decimal, '.'));
}
