import { renderMarkdown } from '../content/markdown';
import { coverKeyOf } from './cover-path';

/**
 * A post's body as HTML: images only from this project's own blog uploads (the site's CSP
 * allows no other, and a hotlinked image could change after review), each with its
 * description; any other image is left out. `origin` makes their addresses absolute for
 * the feed and the JSON API, read elsewhere.
 */
export function renderPost(projectId: string, body: string, origin = ''): string {
  return renderMarkdown(body, { src: (src) => (coverKeyOf(projectId, src) ? origin + src : null) });
}
