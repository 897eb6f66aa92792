// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextProvider, useText } from '@/lib/i18n/client';
import { pickMessages } from '@/lib/i18n/pick';
import en from '@/messages/en.json';

describe('pickMessages', () => {
  it('gives whole namespaces, or single keys of one, and never more', () => {
    const picked = pickMessages(en, ['picker', 'requests.notificationNew', 'requests.notificationReply', 'dashboard.badge']);
    expect(picked.picker).toBe(en.picker);
    expect(picked.requests).toEqual({ notificationNew: en.requests.notificationNew, notificationReply: en.requests.notificationReply });
    expect(picked.dashboard).toEqual({ badge: en.dashboard.badge });
    // A namespace asked whole after some of its keys is whole.
    expect(pickMessages(en, ['requests.notificationNew', 'requests']).requests).toBe(en.requests);
    expect(pickMessages(en, ['requests', 'requests.notificationNew']).requests).toBe(en.requests);
  });

  it('every key the dashboard layout picks exists in both languages', async () => {
    const es = (await import('@/messages/es.json')).default;
    for (const messages of [en, es]) {
      const picked = pickMessages(messages, [
        'requests.notificationTitle',
        'requests.notificationNew',
        'requests.notificationReply',
        'requests.notificationTeamReply',
        'dashboard.badge',
      ]);
      for (const part of Object.values(picked)) for (const value of Object.values(part)) expect(value).toBeTruthy();
    }
  });
});

function Line({ ns, k }: { ns: string; k: string }) {
  const t = useText(ns);
  return <p>{t(k)}</p>;
}

describe('nested text scopes', () => {
  it('a namespace given in part above and whole below holds every key, and the other way round', () => {
    render(
      <TextProvider locale="en" messages={{ requests: { notificationNew: 'New request' } }}>
        <TextProvider messages={{ requests: { title: 'Requests' } }}>
          <Line ns="requests" k="notificationNew" />
          <Line ns="requests" k="title" />
        </TextProvider>
      </TextProvider>,
    );
    expect(screen.getByText('New request')).toBeTruthy();
    expect(screen.getByText('Requests')).toBeTruthy();
  });
});
