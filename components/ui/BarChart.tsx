'use client';

import { Link } from '@/components/ui/Link';

export type Bar = {
  key: string;
  label: string;
  value: number;
  /** The part of `value` drawn in the warning colour at the bar's foot (failures, say). */
  part?: number;
  previous?: number;
  href?: string;
  title: string;
};

const W = 720;
const H = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

/** Round steps for the axis: 1, 2 or 5 times a power of ten. */
function niceMax(max: number): number {
  if (max <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * step).find((v) => v >= max)!;
}

/**
 * A hand-drawn SVG bar chart (no chart library: about 1 kB gzip, shipped with the pages that
 * draw one): a value axis with round ticks, a label under every bar or every few, the dashed
 * line of a previous period and a part of each bar in the warning colour when given. A bar
 * with `href` is a link, reachable by keyboard; each bar's `title` says its numbers, and the
 * pages put the same numbers in a table beside the chart.
 */
export function BarChart({ bars, label, testId }: { bars: Bar[]; label: string; testId?: string }) {
  const max = niceMax(Math.max(1, ...bars.map((b) => Math.max(b.value, b.previous ?? 0))));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, bars.length);
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const x = (i: number) => PAD.left + i * slot + (slot - barW) / 2;
  const linked = bars.some((b) => b.href);
  const every = Math.ceil(bars.length / 10); // at most ten axis labels
  const previous = bars.some((b) => b.previous !== undefined)
    ? bars.map((b, i) => `${i === 0 ? 'M' : 'L'}${(x(i) + barW / 2).toFixed(1)},${y(b.previous ?? 0).toFixed(1)}`).join(' ')
    : null;

  return (
    // With links inside, a group (an image may hold nothing focusable); without, one image.
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full text-muted" role={linked ? 'group' : 'img'} aria-label={label} data-testid={testId}>
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(max * f)} y2={y(max * f)} className="stroke-line" strokeWidth="1" />
          <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" className="fill-current text-[11px]" data-testid="chart-y-label">
            {max * f}
          </text>
        </g>
      ))}
      {bars.map((b, i) => {
        const foot = PAD.top + innerH;
        const part = Math.min(b.part ?? 0, b.value);
        const rect = (
          <g className="hover:opacity-80">
            <title>{b.title}</title>
            <rect x={x(i)} y={y(b.value)} width={barW} height={Math.max(0, foot - y(b.value))} rx="2" className="fill-accent" />
            {part > 0 && <rect x={x(i)} y={y(part)} width={barW} height={Math.max(0, foot - y(part))} className="fill-red-600" data-testid="chart-part" />}
          </g>
        );
        return (
          <g key={b.key}>
            {b.href ? (
              <Link href={b.href} prefetch={false} aria-label={b.title} className="focus-visible:outline-accent" data-testid="chart-bar">
                {/* A taller transparent target so a day with no events is still clickable. */}
                <rect x={PAD.left + i * slot} y={PAD.top} width={slot} height={innerH} fill="transparent" />
                {rect}
              </Link>
            ) : (
              rect
            )}
            {i % every === 0 && (
              <text x={x(i) + barW / 2} y={H - 8} textAnchor="middle" className="fill-current text-[11px]" data-testid="chart-x-label">
                {b.label}
              </text>
            )}
          </g>
        );
      })}
      {previous && <path d={previous} fill="none" strokeDasharray="4 3" strokeWidth="1.5" className="stroke-current" data-testid="chart-previous" />}
    </svg>
  );
}
