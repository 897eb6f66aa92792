import { renderMarkdown } from '@/lib/content/markdown';
import { markdownPreviewSchema } from '@/lib/content/schemas';
import { readJson } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';

/**
 * Markdown rendered and sanitized exactly as the public pages do it. The renderer stays on
 * the server: its sanitizer would weigh more than the whole editor in the browser.
 */
export const POST = route(
  async (req) => {
    const { markdown } = await readJson(req, markdownPreviewSchema);
    return json({ data: { html: renderMarkdown(markdown) } });
  },
  { root: true },
);
