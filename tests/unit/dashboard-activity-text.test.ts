import { describe, expect, it } from 'vitest';
import { REQUEST_ACTIONS } from '@/lib/dashboard/activity';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

// The home's activity reads project audit entries; an action without a sentence would show its
// raw name. The root audit console's labels are the catalogue of actions; the root-only groups
// (users, public content, test emails) never carry a project.
const ROOT_ONLY = ['user', 'content', 'email'];
const projectActions = Object.entries(en.rootAudit.actions)
  .filter(([group]) => !ROOT_ONLY.includes(group))
  .flatMap(([group, actions]) => Object.keys(actions).map((action) => [group, action] as const));

describe('dashboard activity sentences', () => {
  it.each([
    ['en', en],
    ['es', es],
  ] as const)('cover every project audit action in %s', (_, messages) => {
    const sentences = messages.dashboard.activity.actions as Record<string, Record<string, string> | string>;
    const missing = projectActions.filter(([group, action]) => typeof (sentences[group] as Record<string, string> | undefined)?.[action] !== 'string');
    expect(projectActions.length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it.each([
    ['en', en],
    ['es', es],
  ] as const)('cover the requests activity in %s', (_, messages) => {
    const sentences = messages.dashboard.activity.actions as Record<string, Record<string, string> | string>;
    for (const action of Object.values(REQUEST_ACTIONS)) {
      const [group, key] = action.split('.');
      expect(typeof (sentences[group] as Record<string, string>)[key], action).toBe('string');
    }
  });
});
