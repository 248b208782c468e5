/** Small SVG charts for the dashboard: no chart library, just the shapes the numbers need. */

// Close to the width a chart is drawn at in the dashboard's two columns, so its text is drawn at about
// its own size (11 px), not scaled down.
const WIDTH = 480;
const HEIGHT = 200;
const PAD = { top: 12, right: 28, bottom: 28, left: 56 };

export interface Series {
  name: string;
  color: string;
  values: number[];
}

/**
 * The axis end for values up to `value`: four equal steps of 1, 2, 2.5 or 5 × a power of ten (never a
 * fractional step of a count), at least `floor`.
 */
export function niceMax(value: number, floor = 4): number {
  const target = Math.max(value, floor) / 4;
  const power = 10 ** Math.floor(Math.log10(target));
  for (const m of [1, 2, 2.5, 5, 10]) {
    const step = m * power;
    if (step >= target && Number.isInteger(step)) return step * 4;
  }
  return 40 * power;
}

/** The axis of a line chart: from 0 up, or below 0 in whole steps when a value is negative (a day's net after refunds). */
export function axis(values: number[], floor = 4): { min: number; max: number; ticks: number[] } {
  const high = Math.max(0, ...values);
  const low = Math.min(0, ...values);
  const step = niceMax(high - low, floor) / 4;
  const min = low < 0 ? -Math.ceil(-low / step) * step : 0;
  const steps = Math.max(4, Math.ceil((high - min) / step));
  const ticks = Array.from({ length: steps + 1 }, (_, i) => min + i * step);
  return { min, max: min + steps * step, ticks };
}

function shortDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? day
    : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Lines over days, sharing one axis; every point carries its value as a tooltip. */
export function LineChart({
  label,
  days,
  series,
  format = (n) => n.toLocaleString('en-US'),
  floor = 4,
}: {
  label: string;
  days: string[];
  series: Series[];
  format?: (n: number) => string;
  /** The smallest axis end (an empty period still gets a readable scale). */
  floor?: number;
}) {
  const { min, max, ticks } = axis(
    series.flatMap((s) => s.values),
    floor,
  );
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length <= 1 ? innerW / 2 : (i / (days.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - ((v - min) / (max - min)) * innerH;
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const totals = series.map((s) => `${s.name} ${format(s.values.reduce((a, b) => a + b, 0))}`).join(', ');
  return (
    <figure className="w-full">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${label}: ${totals}`} className="h-auto w-full">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke="#e4e4e7" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize={11} fill="#71717a">
              {format(t)}
            </text>
          </g>
        ))}
        {days.map((day, i) =>
          i % labelEvery === 0 ? (
            <text
              key={day}
              x={x(i)}
              y={HEIGHT - 8}
              textAnchor={i === days.length - 1 && days.length > 1 ? 'end' : 'middle'}
              fontSize={11}
              fill="#71717a"
            >
              {shortDay(day)}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.name}>
            <polyline
              fill="none"
              stroke={s.color}
              strokeWidth={2}
              strokeLinejoin="round"
              points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
            />
            {s.values.map((v, i) => (
              <circle key={i} cx={x(i)} cy={y(v)} r={days.length > 40 ? 1.5 : 3} fill={s.color}>
                <title>{`${shortDay(days[i] ?? '')} · ${s.name}: ${format(v)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      {series.length > 1 ? (
        <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-zinc-600">
          {series.map((s) => (
            <span key={s.name} className="inline-flex items-center gap-1.5">
              <span className="inline-block size-2.5 rounded-full" style={{ background: s.color }} />
              {s.name}
            </span>
          ))}
        </figcaption>
      ) : null}
    </figure>
  );
}

/** Horizontal bars, one per category, with the value written at the end. */
export function BarChart({
  label,
  bars,
  format = (n) => n.toLocaleString('en-US'),
}: {
  label: string;
  bars: { name: string; value: number; color: string }[];
  format?: (n: number) => string;
}) {
  const max = niceMax(Math.max(0, ...bars.map((b) => b.value)));
  const rowH = 30;
  const labelW = 110;
  const valueW = 80;
  const height = bars.length * rowH + 8;
  const innerW = WIDTH - labelW - valueW;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={`${label}: ${bars.map((b) => `${b.name} ${format(b.value)}`).join(', ')}`}
      className="h-auto w-full"
    >
      {bars.map((b, i) => {
        const w = (b.value / max) * innerW;
        const top = 4 + i * rowH;
        return (
          <g key={b.name}>
            <text x={0} y={top + 18} fontSize={13} fill="#3f3f46">
              {b.name}
            </text>
            <rect
              x={labelW}
              y={top + 4}
              width={Math.max(w, b.value > 0 ? 2 : 0)}
              height={rowH - 10}
              rx={4}
              fill={b.color}
            >
              <title>{`${b.name}: ${format(b.value)}`}</title>
            </rect>
            <text x={labelW + Math.max(w, 0) + 8} y={top + 18} fontSize={13} fill="#18181b" fontWeight={600}>
              {format(b.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
