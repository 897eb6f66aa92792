/** Fills `{name}` placeholders; the only syntax our messages use. */
export function format(template: string, values?: Record<string, string | number>): string {
  return values ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : template;
}

/** A message by its dotted key inside one namespace's tree; undefined when missing. */
export function lookup(tree: unknown, key: string): string | undefined {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
  return typeof value === 'string' ? value : undefined;
}
