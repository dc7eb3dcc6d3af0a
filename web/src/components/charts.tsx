import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * Charts drawn as plain SVG (no chart library: the app stays small). Each chart has a text
 * alternative: a caption and the numbers in a table for screen readers.
 */

export interface ForecastDay {
  day: string;
  label: string;
  count: number;
  cumulative: number;
}

const H = 220;
const PAD = { top: 16, right: 44, bottom: 28, left: 36 };

/** A tick value: whole numbers as they are, halves with one decimal. */
function formatTick(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function niceMax(value: number): number {
  if (value <= 5) return 5;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/** Bars of new reviews per day with the cumulative total as a line (its own scale on the right). */
export function ForecastChart({ days }: { days: ForecastDay[] }) {
  // Drawn at the width it is shown at, so text keeps its size from a phone to a desktop.
  const [W, setW] = useState(640);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setW(Math.max(280, element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const barMax = niceMax(Math.max(1, ...days.map((d) => d.count)));
  const lineMax = niceMax(Math.max(1, ...days.map((d) => d.cumulative)));
  const slot = innerW / Math.max(1, days.length);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yBar = (v: number) => PAD.top + innerH - (v / barMax) * innerH;
  const yLine = (v: number) => PAD.top + innerH - (v / lineMax) * innerH;
  const points = days.map((d, i) => `${x(i)},${yLine(d.cumulative)}`).join(' ');
  return (
    <div ref={box} class="chart-box">
      <svg
        class="chart"
        width={W}
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label="Reviews arriving each day of the next 7 days, with the running total"
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line class="grid" x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH * (1 - f)} y2={PAD.top + innerH * (1 - f)} />
            <text class="axis" x={PAD.left - 6} y={PAD.top + innerH * (1 - f) + 4} text-anchor="end">
              {formatTick(barMax * f)}
            </text>
            <text class="axis line-axis" x={W - PAD.right + 6} y={PAD.top + innerH * (1 - f) + 4}>
              {formatTick(lineMax * f)}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <g key={d.day}>
            <rect
              class="bar"
              x={x(i) - slot * 0.3}
              width={slot * 0.6}
              y={yBar(d.count)}
              height={Math.max(0, PAD.top + innerH - yBar(d.count))}
              rx="3"
            />
            {d.count > 0 && (
              <text class="bar-value" x={x(i)} y={yBar(d.count) - 4} text-anchor="middle">
                {d.count}
              </text>
            )}
            <text class="axis" x={x(i)} y={H - 8} text-anchor="middle">
              {d.label}
            </text>
          </g>
        ))}
        <polyline class="cumulative" points={points} fill="none" />
        {days.map((d, i) => (
          <circle key={d.day} class="cumulative-dot" cx={x(i)} cy={yLine(d.cumulative)} r="3.5" />
        ))}
      </svg>
    </div>
  );
}

export interface StackSegment {
  key: string;
  label: string;
  value: number;
}

/** One horizontal bar split into segments (e.g. an SRS stage group by type), with a legend. */
export function StackedBar({ segments, label }: { segments: StackSegment[]; label: string }) {
  const total = segments.reduce((sum, s) => sum + s.value, 0);
  let offset = 0;
  return (
    <svg class="stacked-bar" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label={label}>
      {total === 0 ? (
        <rect class="empty-bar" x="0" y="0" width="100" height="10" />
      ) : (
        segments.map((s) => {
          const width = (s.value / total) * 100;
          const rect = <rect key={s.key} class={`seg seg-${s.key}`} x={offset} y="0" width={width} height="10" />;
          offset += width;
          return rect;
        })
      )}
    </svg>
  );
}

/** A progress bar with its numbers written beside it. */
export function Meter({ value, max, label }: { value: number; max: number; label: string }) {
  const fraction = max === 0 ? 0 : Math.min(1, value / max);
  return (
    <div class="meter" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value}>
      <div class="meter-fill" style={{ width: `${fraction * 100}%` }} />
    </div>
  );
}
