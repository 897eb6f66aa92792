import { numberFormat, pluralRules } from '../format/intl';
type Values = Record<string, string | number>;

const PLURAL = /\{(\w+),\s*plural,/g;

/**
 * `{count, plural, =0 {none} one {# item} other {# items}}`: the branch for the value (an
 * exact `=n` first, then the locale's plural category, then `other`), `#` as the number.
 * Server pages get this from next-intl; client text and API messages share this file, so the
 * same catalogue line reads right everywhere.
 */
function plurals(template: string, values: Values, locale: string): string {
  let out = '';
  let at = 0;
  for (let m = PLURAL.exec(template); m; m = PLURAL.exec(template)) {
    const branches: Record<string, string> = {};
    let selector = '';
    let i = m.index + m[0].length;
    while (i < template.length && template[i] !== '}') {
      if (template[i] !== '{') {
        selector += template[i++];
        continue;
      }
      let depth = 1;
      const start = ++i;
      for (; i < template.length && depth > 0; i += 1) depth += template[i] === '{' ? 1 : template[i] === '}' ? -1 : 0;
      branches[selector.trim()] = template.slice(start, i - 1);
      selector = '';
    }
    PLURAL.lastIndex = i + 1;
    if (!(m[1] in values)) continue; // left as written, like an unknown {name}
    const n = Number(values[m[1]]);
    const branch = branches[`=${n}`] ?? branches[pluralRules(locale).select(n)] ?? branches.other ?? '';
    out += template.slice(at, m.index) + branch.replace(/#/g, numberFormat(locale).format(n));
    at = i + 1;
  }
  PLURAL.lastIndex = 0;
  return out + template.slice(at);
}

/** Fills `{name}` placeholders and `{name, plural, …}` choices (the only syntax our messages use). */
export function format(template: string, values?: Values, locale = 'en'): string {
  if (!values) return template;
  return plurals(template, values, locale).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A message by its dotted key inside one namespace's tree; undefined when missing. */
export function lookup(tree: unknown, key: string): string | undefined {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
  return typeof value === 'string' ? value : undefined;
}
