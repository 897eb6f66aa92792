'use client';

import { useQueryClient } from '@tanstack/react-query';
import type { ProjectDetail } from '@/lib/root/projects';
import { rootKeys } from '@/lib/root/queries';

/**
 * After root changed a project: its detail takes the answer, and what shows it elsewhere
 * (the project list, its audit log) is marked stale and read again where shown.
 */
export function useProjectChange(projectId: string) {
  const client = useQueryClient();
  return (next: Partial<Pick<ProjectDetail['project'], 'status' | 'extensions'>>) => {
    client.setQueryData<ProjectDetail>(rootKeys.project(projectId), (old) => old && { ...old, project: { ...old.project, ...next } });
    return Promise.all([client.invalidateQueries({ queryKey: rootKeys.projectLists() }), client.invalidateQueries({ queryKey: rootKeys.pages('root/audit') })]);
  };
}
