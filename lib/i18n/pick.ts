/**
 * The messages of each entry: a namespace ("requests"), or one of its keys ("requests.notificationNew")
 * for a component on every page that needs a few strings of a large namespace (every page's
 * payload carries what is picked).
 */
export function pickMessages(messages: Record<string, unknown>, entries: readonly string[]): Record<string, Record<string, unknown>> {
  const picked: Record<string, Record<string, unknown>> = {};
  for (const entry of entries) {
    const [ns, key] = entry.split('.', 2);
    const all = (messages[ns] ?? {}) as Record<string, unknown>;
    if (!key) picked[ns] = all;
    else if (picked[ns] !== all) picked[ns] = { ...picked[ns], [key]: all[key] };
  }
  return picked;
}
