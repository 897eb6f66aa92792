/**
 * Sets `key` in `map`, first making room when it already holds `max` entries by dropping the
 * oldest (a Map iterates in insertion order). A key set again moves to the newest place and
 * pushes nothing else out.
 */
export function setBounded<K, V>(map: Map<K, V>, max: number, key: K, value: V): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}
