/**
 * Runs `run` once the browser is idle (at the latest after `timeout` ms), for chunks a page
 * will likely want but does not need to show itself. Returns a cancel function.
 */
export function whenIdle(run: () => void, timeout = 5000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, Math.min(timeout, 2000));
  return () => clearTimeout(id);
}

/**
 * The first signs that a control is about to be used (a pointer over it, a touch, the focus):
 * spread on the stand-in of a chunk fetched on demand, they start the fetch before the click.
 */
export function intentProps(load: () => unknown) {
  const start = () => void load();
  return { onPointerEnter: start, onTouchStart: start, onFocus: start };
}
