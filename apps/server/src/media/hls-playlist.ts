/** One segment of a media (variant) playlist. */
export interface PlaylistSegment {
  uri: string;
  duration: number;
}

/** The segments of a media playlist, in order. */
export function parseMediaPlaylist(text: string): PlaylistSegment[] {
  const segments: PlaylistSegment[] = [];
  let duration: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#')) {
      segments.push({ uri: line, duration: duration ?? 0 });
      duration = null;
    }
  }
  return segments;
}

/** Stands for the key's address in stored playlists; replaced when a playlist is served. */
export const KEY_URI_PLACEHOLDER = 'key';

/**
 * Adds an `#EXT-X-KEY` line with the segment's own IV before each segment of a media playlist.
 * `ivs` lists one IV per segment, in order.
 */
export function addSegmentKeys(text: string, ivs: readonly Buffer[]): string {
  const out: string[] = [];
  let index = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#EXTINF:')) {
      const iv = ivs[index++];
      if (!iv) throw new Error('More segments in the playlist than IVs');
      out.push(`#EXT-X-KEY:METHOD=AES-128,URI="${KEY_URI_PLACEHOLDER}",IV=0x${iv.toString('hex')}`);
    }
    out.push(line);
  }
  if (index !== ivs.length) throw new Error('Fewer segments in the playlist than IVs');
  return out.join('\n');
}

/**
 * Makes a stored media playlist servable: segment URIs become absolute under `segmentBase`, the
 * key URI becomes `keyUri`.
 */
export function rewriteMediaPlaylist(
  text: string,
  { segmentBase, keyUri }: { segmentBase: string; keyUri: string },
): string {
  const base = segmentBase.endsWith('/') ? segmentBase : `${segmentBase}/`;
  return text
    .split(/\r?\n/)
    .map((line) => {
      if (line.startsWith('#EXT-X-KEY:')) return line.replace(/URI="[^"]*"/, `URI="${keyUri}"`);
      if (line && !line.startsWith('#')) return base + line.trim();
      return line;
    })
    .join('\n');
}

export interface MasterVariant {
  uri: string;
  /** Peak segment bit rate, bits per second. */
  bandwidth: number;
  averageBandwidth: number;
  width: number;
  height: number;
  codecs: string;
  frameRate: number;
}

/** A master playlist listing every variant with BANDWIDTH, RESOLUTION and CODECS. */
export function writeMasterPlaylist(variants: readonly MasterVariant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of variants) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth},AVERAGE-BANDWIDTH=${v.averageBandwidth},RESOLUTION=${v.width}x${v.height},CODECS="${v.codecs}",FRAME-RATE=${v.frameRate.toFixed(3)}`,
      v.uri,
    );
  }
  return lines.join('\n') + '\n';
}

/** Peak and average bit rate of a rendition from its segment sizes and durations. */
export function measureBandwidth(segments: readonly { bytes: number; duration: number }[]): {
  peak: number;
  average: number;
} {
  const totalBytes = segments.reduce((sum, s) => sum + s.bytes, 0);
  const totalSeconds = segments.reduce((sum, s) => sum + s.duration, 0);
  // A sliver of a last segment would exaggerate the peak: only segments of half a second or more count, when there are any.
  const counted = segments.filter((s) => s.duration >= 0.5);
  const peak = Math.max(
    0,
    ...(counted.length ? counted : segments).map((s) => (s.duration > 0 ? (s.bytes * 8) / s.duration : 0)),
  );
  return {
    peak: Math.ceil(peak),
    average: totalSeconds > 0 ? Math.ceil((totalBytes * 8) / totalSeconds) : Math.ceil(peak),
  };
}
