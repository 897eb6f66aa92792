// The project/profile picker's rules (SPEC.md sections 4 to 6), kept apart from the
// dialog so they can be tested without a browser.

export type PickerProfile = { id: string; name: string };
export type PickerProject = {
  id: string;
  name: string;
  /** From userProjects: 'pending' review, 'disabled' by root or by a deactivated membership. */
  state: 'enabled' | 'pending' | 'disabled';
  profiles: PickerProfile[];
};
/** The form's values; '' is "not chosen". */
export type PickerPair = { projectId: string; projectProfileId: string };
/** The session's active pair, or null when not connected. */
export type CurrentPair = { projectId: string; profileId: string } | null;

/** Only an enabled project in which the user holds a profile can be chosen. */
export function selectable(project: PickerProject): boolean {
  return project.state === 'enabled' && project.profiles.length > 0;
}

/**
 * What the dialog opens with: the current pair; or, when asked for a project ("Switch to"),
 * that project, keeping the current profile only if it belongs to it. Anything that cannot
 * be chosen now is left empty.
 */
export function initialPair(projects: PickerProject[], current: CurrentPair, wantedProjectId?: string | null): PickerPair {
  const projectId = wantedProjectId ?? current?.projectId ?? '';
  const project = projects.find((p) => p.id === projectId);
  if (!project || !selectable(project)) return { projectId: '', projectProfileId: '' };
  const profileId = current?.projectId === project.id ? current.profileId : '';
  return { projectId: project.id, projectProfileId: project.profiles.some((p) => p.id === profileId) ? profileId : '' };
}

/** Choosing a project clears the profile: profiles belong to one project. */
export function chooseProject(_pair: PickerPair, projectId: string): PickerPair {
  return { projectId, projectProfileId: '' };
}

/** The profiles the user holds in the chosen project. */
export function profilesFor(projects: PickerProject[], projectId: string): PickerProfile[] {
  const project = projects.find((p) => p.id === projectId);
  return project && selectable(project) ? project.profiles : [];
}

/** Select is enabled only for a complete, choosable pair that differs from the current one. */
export function canSubmit(projects: PickerProject[], pair: PickerPair, current: CurrentPair): boolean {
  if (!pair.projectId || !pair.projectProfileId) return false;
  if (!profilesFor(projects, pair.projectId).some((p) => p.id === pair.projectProfileId)) return false;
  return !(current && current.projectId === pair.projectId && current.profileId === pair.projectProfileId);
}

/** Whether the dashboard should offer the picker by itself: the user has something to choose. */
export function hasChoice(projects: PickerProject[]): boolean {
  return projects.some(selectable);
}
