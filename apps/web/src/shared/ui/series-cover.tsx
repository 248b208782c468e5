import type { Series } from '@episodic/contract';
import { useState, type ReactNode } from 'react';
import { PlayIcon } from './icons/play';

export type SeriesCoverData = Pick<Series, 'cover' | 'accentColor'>;

interface SeriesCoverProps {
  series: SeriesCoverData;
  /** Load at once (covers above the fold); others load as they come near. */
  eager?: boolean;
  /** Width and extra classes; the cover is as wide as its container by default. */
  className?: string;
  /** Drawn over the cover (badges, progress). */
  children?: ReactNode;
}

/**
 * A series cover at 3:4. The box is sized before the image arrives (no layout shift) and is tinted
 * with the series' accent colour; a missing or broken image leaves the tint and a play mark.
 */
export function SeriesCover({ series, eager = false, className = 'w-full', children }: SeriesCoverProps) {
  const [failed, setFailed] = useState(false);
  const showImage = Boolean(series.cover) && !failed;
  return (
    <div
      className={`relative aspect-[3/4] overflow-hidden bg-surface-2 ${className.includes('rounded') ? '' : 'rounded-xl'} ${className}`}
      style={series.accentColor ? { backgroundColor: series.accentColor } : undefined}
    >
      {showImage ? (
        <img
          src={series.cover ?? undefined}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => {
            setFailed(true);
          }}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center bg-gradient-to-b from-black/0 to-black/40 text-white/70">
          <PlayIcon className="size-8" />
        </span>
      )}
      {children}
    </div>
  );
}
