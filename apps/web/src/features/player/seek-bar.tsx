import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { formatClock } from './format';

interface SeekBarProps {
  currentTime: number;
  duration: number;
  onSeek: (seconds: number) => void;
  /** Told when a drag starts and ends (the controls stay visible meanwhile). */
  onScrub?: (scrubbing: boolean) => void;
  /** Drawn thin while the other controls are hidden. */
  thin?: boolean;
}

const KEY_STEP_S = 5;

/**
 * The position in the episode: a slider (keyboard: arrows ±5 s, Page keys ±10 %, Home/End) that a
 * finger or mouse drags; the time shows large while dragging and the seek happens on release.
 */
export function SeekBar({ currentTime, duration, onSeek, onScrub, thin = false }: SeekBarProps) {
  const { t } = useTranslation();
  const barRef = useRef<HTMLDivElement>(null);
  const [scrub, setScrub] = useState<number | null>(null);
  const max = duration > 0 ? duration : 0;
  const value = Math.min(max, Math.max(0, scrub ?? currentTime));
  const percent = max > 0 ? (value / max) * 100 : 0;

  const timeAt = (clientX: number) => {
    const rect = barRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return value;
    return (Math.min(rect.width, Math.max(0, clientX - rect.left)) / rect.width) * max;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (max <= 0 || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setScrub(timeAt(event.clientX));
    onScrub?.(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (scrub === null) return;
    setScrub(timeAt(event.clientX));
  };
  const finish = (event: PointerEvent<HTMLDivElement>, commit: boolean) => {
    if (scrub === null) return;
    const target = commit ? timeAt(event.clientX) : null;
    setScrub(null);
    onScrub?.(false);
    if (target !== null) onSeek(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (max <= 0) return;
    const steps: Record<string, number> = {
      ArrowRight: KEY_STEP_S,
      ArrowUp: KEY_STEP_S,
      ArrowLeft: -KEY_STEP_S,
      ArrowDown: -KEY_STEP_S,
      PageUp: max / 10,
      PageDown: -max / 10,
    };
    let target: number | null = null;
    if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = max;
    else if (event.key in steps) target = value + (steps[event.key] ?? 0);
    if (target === null) return;
    event.preventDefault();
    // Arrow keys here move in time, not between episodes.
    event.stopPropagation();
    onSeek(Math.min(max, Math.max(0, target)));
  };

  return (
    <div className="relative">
      {scrub !== null ? (
        <p
          aria-hidden="true"
          className="pointer-events-none absolute bottom-full left-1/2 mb-6 -translate-x-1/2 text-2xl font-bold tabular-nums text-white drop-shadow"
        >
          {formatClock(value)} <span className="text-white/60">/ {formatClock(max)}</span>
        </p>
      ) : null}
      <div
        ref={barRef}
        role="slider"
        tabIndex={0}
        data-no-swipe
        aria-label={t('player.seek')}
        aria-valuemin={0}
        aria-valuemax={Math.floor(max)}
        aria-valuenow={Math.floor(value)}
        aria-valuetext={t('player.seekValue', { current: formatClock(value), total: formatClock(max) })}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => {
          finish(event, true);
        }}
        onPointerCancel={(event) => {
          finish(event, false);
        }}
        onKeyDown={onKeyDown}
        className="group pointer-events-auto relative flex h-8 cursor-pointer touch-none items-center outline-none select-none"
      >
        <div
          className={`relative w-full overflow-hidden rounded-full bg-white/25 transition-[height] ${thin && scrub === null ? 'h-0.5' : 'h-1'} ${scrub !== null ? 'h-1.5' : ''}`}
        >
          <div className="absolute inset-y-0 left-0 bg-accent" style={{ width: `${String(percent)}%` }} />
        </div>
        <div
          aria-hidden="true"
          className={`absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white shadow transition-opacity group-focus-visible:opacity-100 group-focus-visible:ring-2 group-focus-visible:ring-accent ${thin && scrub === null ? 'opacity-0' : 'opacity-100'}`}
          style={{ left: `${String(percent)}%` }}
        />
      </div>
    </div>
  );
}
