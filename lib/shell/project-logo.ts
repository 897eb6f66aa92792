import { cache } from 'react';
import { getDb } from '../db/client';
import { projectFacts } from '../projects/facts';

/** The active project's logo URL for the app bar (null without one), from the project's shared facts. */
export const projectLogo = cache(async (projectId: string | null): Promise<string | null> => {
  if (!projectId) return null;
  return (await projectFacts(getDb(), projectId))?.logo ?? null;
});
