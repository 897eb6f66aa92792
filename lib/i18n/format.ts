/** Fills `{name}` placeholders; the only syntax our messages use. */
export function format(template: string, values?: Record<string, string | number>): string {
  return values ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : template;
}
