import { afterEach, describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { changeProfileSchema } from '@/lib/auth/schemas';
import { closePicker, openPicker, picker } from '@/lib/shell/picker';
import { canSubmit, chooseProject, hasChoice, initialPair, profilesFor, selectable, type PickerProject } from '@/lib/shell/picker-state';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [ACME, BETA, PENDING, OFF, EMPTY] = [1, 2, 3, 4, 5].map(id);
const [OWNER, AGENT, BETA_ADMIN, PENDING_OWNER, OFF_AGENT] = [11, 12, 21, 31, 41].map(id);

const projects: PickerProject[] = [
  {
    id: ACME,
    name: 'Acme',
    state: 'enabled',
    profiles: [
      { id: AGENT, name: 'Agent' },
      { id: OWNER, name: 'Owner' },
    ],
  },
  { id: BETA, name: 'Beta', state: 'enabled', profiles: [{ id: BETA_ADMIN, name: 'Admin' }] },
  { id: PENDING, name: 'Requested', state: 'pending', profiles: [{ id: PENDING_OWNER, name: 'Owner' }] },
  { id: OFF, name: 'Old', state: 'disabled', profiles: [{ id: OFF_AGENT, name: 'Agent' }] },
  { id: EMPTY, name: 'No profile', state: 'enabled', profiles: [] },
];
const current = { projectId: ACME, profileId: OWNER };

describe('picker state', () => {
  it('opens with the current pair preselected', () => {
    expect(initialPair(projects, current)).toEqual({ projectId: ACME, projectProfileId: OWNER });
  });

  it('opens empty when not connected, or when the current pair is no longer choosable', () => {
    expect(initialPair(projects, null)).toEqual({ projectId: '', projectProfileId: '' });
    expect(initialPair(projects, { projectId: OFF, profileId: OFF_AGENT })).toEqual({ projectId: '', projectProfileId: '' });
    expect(initialPair(projects, { projectId: ACME, profileId: BETA_ADMIN })).toEqual({ projectId: ACME, projectProfileId: '' });
  });

  it('"Switch to" preselects the asked project, keeping the profile only inside the current project', () => {
    expect(initialPair(projects, current, BETA)).toEqual({ projectId: BETA, projectProfileId: '' });
    expect(initialPair(projects, current, ACME)).toEqual({ projectId: ACME, projectProfileId: OWNER });
    expect(initialPair(projects, null, PENDING)).toEqual({ projectId: '', projectProfileId: '' });
  });

  it('choosing a project clears the profile', () => {
    expect(chooseProject({ projectId: ACME, projectProfileId: OWNER }, BETA)).toEqual({ projectId: BETA, projectProfileId: '' });
    expect(chooseProject({ projectId: ACME, projectProfileId: OWNER }, ACME)).toEqual({ projectId: ACME, projectProfileId: '' });
  });

  it('projects pending, disabled or without a held profile cannot be chosen, nor offer profiles', () => {
    expect(projects.map(selectable)).toEqual([true, true, false, false, false]);
    expect(profilesFor(projects, ACME).map((p) => p.name)).toEqual(['Agent', 'Owner']);
    expect(profilesFor(projects, OFF)).toEqual([]);
    expect(profilesFor(projects, PENDING)).toEqual([]);
    expect(profilesFor(projects, 'unknown')).toEqual([]);
    expect(hasChoice(projects)).toBe(true);
    expect(hasChoice(projects.slice(2))).toBe(false);
  });

  it('Select is enabled only for a complete, choosable pair that differs from the current one', () => {
    expect(canSubmit(projects, { projectId: ACME, projectProfileId: OWNER }, current)).toBe(false);
    expect(canSubmit(projects, { projectId: ACME, projectProfileId: AGENT }, current)).toBe(true);
    expect(canSubmit(projects, { projectId: BETA, projectProfileId: '' }, current)).toBe(false);
    expect(canSubmit(projects, { projectId: '', projectProfileId: '' }, current)).toBe(false);
    expect(canSubmit(projects, { projectId: BETA, projectProfileId: BETA_ADMIN }, current)).toBe(true);
    // A profile of another project, or of a project that cannot be chosen.
    expect(canSubmit(projects, { projectId: BETA, projectProfileId: OWNER }, current)).toBe(false);
    expect(canSubmit(projects, { projectId: OFF, projectProfileId: OFF_AGENT }, current)).toBe(false);
    // Not connected: the current pair is nothing, so any complete pair will do.
    expect(canSubmit(projects, { projectId: ACME, projectProfileId: OWNER }, null)).toBe(true);
  });
});

describe('picker store', () => {
  afterEach(() => closePicker());

  it('opens with a safe redir and a project to preselect, and closes clean', () => {
    openPicker({ redir: '/dashboard/users?page=2', projectId: BETA });
    expect(picker.get()).toMatchObject({ open: true, redir: '/dashboard/users?page=2', projectId: BETA });
    const seq = picker.get().seq;
    openPicker();
    expect(picker.get()).toMatchObject({ open: true, redir: null, projectId: null, seq: seq + 1 });
    closePicker();
    expect(picker.get()).toMatchObject({ open: false, redir: null, projectId: null });
  });

  it('drops a redir that would leave the site', () => {
    for (const redir of ['https://evil.test/', '//evil.test', '/\\evil.test', 'dashboard']) {
      openPicker({ redir });
      expect(picker.get().redir).toBeNull();
    }
  });
});

describe('changeProfileSchema', () => {
  it('requires both selects and takes the refresh token as optional', () => {
    const empty = safeParse(changeProfileSchema, { projectId: '', projectProfileId: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['projectId', 'validation.required'],
      ['projectProfileId', 'validation.required'],
    ]);
    expect(safeParse(changeProfileSchema, { projectId: 'acme', projectProfileId: OWNER }).error?.issues[0].path).toEqual(['projectId']);
    expect(safeParse(changeProfileSchema, { projectId: ACME.toUpperCase(), projectProfileId: OWNER }).data).toEqual({
      refreshToken: undefined,
      projectId: ACME,
      projectProfileId: OWNER,
    });
  });
});
