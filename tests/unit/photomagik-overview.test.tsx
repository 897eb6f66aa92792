// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Overview } from '@/components/photomagik/Overview';
import { TextProvider } from '@/lib/i18n/client';
import type { OverviewView } from '@/lib/photomagik/schemas';
import { makeQueryClient } from '@/lib/query/client';
import en from '@/messages/en.json';

afterEach(cleanup);

const days = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 9, 28 + i)).toISOString().slice(0, 10);
  return { day, done: i === 29 ? 7 : i % 3, failed: i === 29 ? 2 : 0 };
});
const overview: OverviewView = { timeZone: 'Europe/Madrid', days, total: 60, failed: 2, failureRate: 3.3, topStyles: [], activeUsers: 4 };

describe('the Photomagik overview chart', () => {
  it('has a value axis and dates under its bars, failures marked, and the numbers as a table', () => {
    render(
      <TextProvider locale="en" messages={{ photomagik: en.photomagik }}>
        <QueryClientProvider client={makeQueryClient()}>
          <Overview initial={overview} />
        </QueryClientProvider>
      </TextProvider>,
    );
    const chart = screen.getByTestId('photomagik-chart');
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.getAttribute('aria-label')).toBe(en.photomagik.ui.chartLabel);
    // The busiest day has 9: the axis runs 0 to 10 in round steps.
    expect(
      within(chart)
        .getAllByTestId('chart-y-label')
        .map((t) => t.textContent),
    ).toEqual(['0', '5', '10']);
    const dates = within(chart)
      .getAllByTestId('chart-x-label')
      .map((t) => t.textContent);
    expect(dates.length).toBeGreaterThanOrEqual(5);
    expect(dates[0]).toBe('Oct 28');
    expect(dates).toContain('Nov 6');
    // One day had failures: its bar carries the red part, and says so in words.
    expect(within(chart).getAllByTestId('chart-part')).toHaveLength(1);
    expect(chart.textContent).toContain('Nov 26: 7 done, 2 failed');
    const table = within(screen.getByTestId('photomagik-days-table')).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getAllByRole('row')[1].textContent).toBe('Nov 2672');
  });
});
