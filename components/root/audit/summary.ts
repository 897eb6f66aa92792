// A log entry's data in one line for the table; the full JSON sits behind a disclosure.

const LIMIT = 160;

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length ? value.map(plain).join(', ') : '—';
  if (typeof value === 'object') {
    // Profiles, projects and users are logged as {id, name}: the name is what a person reads.
    const named = value as Record<string, unknown>;
    if (typeof named.name === 'string') return named.name;
    if (typeof named.key === 'string') return named.key;
    return Object.entries(named)
      .map(([k, v]) => `${k}: ${plain(v)}`)
      .join(', ');
  }
  return String(value);
}

/** "before → after" first when the entry records a change, then the other values as "key: value". */
export function summarize(data: Record<string, unknown>): string {
  const { before, after, ...rest } = data;
  const parts: string[] = [];
  if (before !== undefined || after !== undefined) parts.push(`${plain(before)} → ${plain(after)}`);
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}: ${plain(value)}`);
  const text = parts.join(' · ');
  return text.length > LIMIT ? `${text.slice(0, LIMIT - 1)}…` : text;
}
