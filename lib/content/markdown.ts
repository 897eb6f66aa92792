import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const ALLOWED = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // Headings inside content never compete with the page's own h1.
    h1: 'h2',
    a: (tagName: string, attribs: Record<string, string>) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } : attribs };
    },
  },
} satisfies sanitizeHtml.IOptions;

/**
 * Which images a caller lets through: `src` maps an image's address to the one to show, or
 * null to drop it. Without it no image survives (the FAQ, help and boards show none).
 */
export type ImagePolicy = { src: (src: string) => string | null };

/** Markdown from the database, rendered and sanitized: safe to put in a page. */
export function renderMarkdown(markdown: string, images?: ImagePolicy): string {
  const html = marked.parse(markdown, { async: false, gfm: true }) as string;
  if (!images) return sanitizeHtml(html, ALLOWED);
  return sanitizeHtml(html, {
    ...ALLOWED,
    allowedTags: [...ALLOWED.allowedTags, 'img'],
    allowedAttributes: { ...ALLOWED.allowedAttributes, img: ['src', 'alt', 'title', 'loading'] },
    transformTags: {
      ...ALLOWED.transformTags,
      img: (tagName: string, attribs: Record<string, string>) => {
        const src = images.src(attribs.src ?? '');
        // Refused (no address left, dropped below): an image without a description says nothing to those who cannot see it.
        return { tagName, attribs: src && attribs.alt?.trim() ? { ...attribs, src, loading: 'lazy' } : {} };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Plain text of a Markdown string, for descriptions and structured data (not HTML: entities decoded). */
export function markdownToText(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }) as string, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}
