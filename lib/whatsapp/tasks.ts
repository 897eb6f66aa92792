import { logger } from '../log/logger';
import { errorText } from '../log/error-text';

// Work the webhook does after answering (media downloads) and staff replies' sends: tracked
// so a test, or a graceful stop, can wait for what is still running.
const running = new Set<Promise<unknown>>();

export function later(name: string, work: () => Promise<unknown>): void {
  const task = work()
    .catch((error: unknown) => logger.error({ task: name, err: errorText(error) }, 'whatsapp task failed'))
    .finally(() => running.delete(task));
  running.add(task);
}

/** Resolves once every task started so far (and any they started) has finished. */
export async function settled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
