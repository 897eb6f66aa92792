import type { Tx } from '../db/client';
import { blogCategories, blogPostCategories, blogPosts } from './tables';

const DAY = 86_400_000;

const POSTS = [
  {
    slug: 'welcome-to-demo-studio',
    title: 'Welcome to the Demo Studio blog',
    excerpt: 'What we do, who we are and what you will read here.',
    body: '## Hello!\n\nDemo Studio designs **websites and brands** for small businesses.\n\nHere we share news, guides and the odd behind-the-scenes story.',
    category: 'news',
    daysAgo: 30,
  },
  {
    slug: 'new-office',
    title: 'We moved to a new office',
    excerpt: 'More light, more room and a coffee machine that works.',
    body: 'Our new studio is open. Drop by and say hello:\n\n- Monday to Friday\n- 9:00 to 18:00',
    category: 'news',
    daysAgo: 12,
  },
  {
    slug: 'choosing-a-colour-palette',
    title: 'Choosing a colour palette for your brand',
    excerpt: 'Three steps we follow with every client.',
    body: '1. Start from what the brand **means**.\n2. Pick one strong colour and two quiet ones.\n3. Check the contrast: text must stay readable in light and dark themes.',
    category: 'guides',
    daysAgo: 7,
  },
  {
    slug: 'writing-good-alt-text',
    title: 'Writing good alt text',
    excerpt: 'Describe what an image says, not only what it shows.',
    body: 'Alt text is read aloud to people who cannot see the image. Keep it short and say *why* the image is there.',
    category: 'guides',
    daysAgo: 2,
  },
] as const;

/** The demo project's blog: two categories, four published posts and one draft. */
export async function seedDemoBlog(tx: Tx, projectId: string, authorId: string | null): Promise<void> {
  const categories = await tx
    .insert(blogCategories)
    .values([
      { projectId, name: 'News', slug: 'news' },
      { projectId, name: 'Guides', slug: 'guides' },
    ])
    .returning();
  const bySlug = Object.fromEntries(categories.map((c) => [c.slug, c.id]));
  const now = Date.now();
  for (const p of POSTS) {
    const at = new Date(now - p.daysAgo * DAY);
    const { category, daysAgo: _d, ...fields } = p;
    const [row] = await tx
      .insert(blogPosts)
      .values({ ...fields, projectId, authorId, status: 'published', publishedAt: at, createdAt: at, updatedAt: at })
      .returning({ id: blogPosts.id });
    await tx.insert(blogPostCategories).values({ postId: row.id, categoryId: bySlug[category] });
  }
  await tx.insert(blogPosts).values({
    projectId,
    authorId,
    slug: 'spring-offers',
    title: 'Spring offers (draft)',
    excerpt: 'Not ready yet.',
    body: 'To be written.',
    status: 'draft',
  });
}
