import { logger } from '../log/logger';
import { publish } from '../realtime/pubsub';
import { PHOTOMAGIK_EVENTS, type PreviewEvent } from './event-names';
import { errorText } from '../log/error-text';

/**
 * After a style's preview job ended (drawn, or given up): staff who may see styles refetch
 * the list once instead of polling. A lost event only costs the fallback poll.
 */
export async function publishPreview(projectId: string, styleId: string, status: PreviewEvent['status']): Promise<void> {
  const d: PreviewEvent = { projectId, styleId, status };
  try {
    await publish({ audience: { projectId, perms: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__VIEW'] }, e: PHOTOMAGIK_EVENTS.preview, d });
  } catch (error) {
    logger.error({ err: errorText(error), styleId }, 'photomagik preview event not published');
  }
}
