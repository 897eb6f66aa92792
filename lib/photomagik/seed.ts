import type { Tx } from '../db/client';
import { fillTemplate, queuePreview } from './queue';
import { photomagikCategories, photomagikGenerations, photomagikStyles, photomagikUsers } from './tables';

const DAY = 86_400_000;

const CATEGORIES = ['Painting', 'Photography'] as const;
const STYLES = [
  { name: 'Watercolour', template: 'a soft watercolour painting of {prompt}, paper texture', negative: 'harsh lines', category: 0 },
  { name: 'Oil on canvas', template: 'a thick oil painting of {prompt}, visible brush strokes', negative: '', category: 0 },
  { name: 'Film photo', template: 'a 35mm film photograph of {prompt}, natural light', negative: 'blurry, text', category: 1 },
  { name: 'Neon night', template: '{prompt} at night, neon lights, rain', negative: '', category: 1 },
] as const;
const USERS = [
  { externalId: 'customer-101', name: 'Lucía Pérez', credits: 25 },
  { externalId: 'customer-102', name: 'Tom Becker', credits: 3 },
  { externalId: 'customer-103', name: 'Ana Silva', credits: 0 },
] as const;
const PROMPTS = ['a red fox in the snow', 'a lighthouse at dawn', 'a bowl of lemons', 'a cat on a windowsill', 'a mountain lake', 'an old bicycle'];

/**
 * Demo Studio's image tool: categories, styles (their previews queued, drawn by the worker at
 * start), three users and two weeks of history. The rows wait while the extension is off and
 * show as soon as root switches it on. Past images are not stored: the built-in provider is
 * deterministic, so the image route draws them again from the row when asked.
 */
export async function seedDemoPhotomagik(tx: Tx, projectId: string): Promise<void> {
  const cats = await tx
    .insert(photomagikCategories)
    .values(CATEGORIES.map((name, position) => ({ projectId, name, position })))
    .returning();
  const styles = await tx
    .insert(photomagikStyles)
    .values(
      STYLES.map((s, position) => ({
        projectId,
        name: s.name,
        promptTemplate: s.template,
        negativePrompt: s.negative,
        categoryId: cats[s.category].id,
        position,
      })),
    )
    .returning();
  for (const style of styles) await queuePreview(tx, style);
  const now = Date.now();
  const users = await tx
    .insert(photomagikUsers)
    .values(USERS.map((u, i) => ({ projectId, ...u, used: 0, lastActiveAt: new Date(now - (i + 1) * DAY) })))
    .returning();
  const history = [];
  for (let i = 0; i < 18; i += 1) {
    const style = styles[i % styles.length];
    const user = users[i % users.length];
    const prompt = PROMPTS[i % PROMPTS.length];
    const failed = i % 7 === 6;
    const at = new Date(now - (i % 14) * DAY - (i + 1) * 3_600_000);
    history.push({
      projectId,
      userId: user.id,
      styleId: style.id,
      prompt,
      fullPrompt: fillTemplate(style.promptTemplate, prompt),
      negativePrompt: style.negativePrompt,
      status: failed ? ('failed' as const) : ('done' as const),
      attempts: failed ? 3 : 1,
      provider: 'local',
      error: failed ? 'provider timeout' : null,
      createdAt: at,
      finishedAt: at,
    });
  }
  await tx.insert(photomagikGenerations).values(history);
}
