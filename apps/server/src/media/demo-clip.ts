import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mediaTools, runFfmpeg, runTool } from './ffmpeg';

export interface DemoClipOptions {
  outFile: string;
  seconds: number;
  title: string;
  episodeNumber: number;
  /** The series' color, `#rrggbb`; or give `hue` (0–360) instead. */
  color?: string;
  hue?: number;
  /** Pitch of the clip's tone; distinct per series makes clips tell apart by ear too. */
  toneHz?: number;
  width?: number;
  height?: number;
  fps?: number;
  /** Stops ffmpeg (the server is shutting down). */
  signal?: AbortSignal;
}

// Paths go into a filter graph unquoted: only characters with no meaning there are accepted.
const PLAIN_PATH = /^[\w./-]+$/;

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSansBold.ttf',
];

/**
 * Ingestion settings for generated demo clips: ultrafast x264, one thread per run. Run as many
 * clips at once as the machine has cores (`os.availableParallelism()`), e.g. with mapConcurrent.
 */
export const DEMO_INGEST_OPTIONS = { preset: 'ultrafast', threads: 1 } as const;

let fontFile: string | null | undefined;

/** A bold TrueType font for burnt-in text: Debian's DejaVu when present, else what fontconfig offers, else none. */
export function demoFont(): string | null {
  if (fontFile !== undefined) return fontFile;
  fontFile = FONT_CANDIDATES.find((f) => fs.existsSync(f)) ?? null;
  if (!fontFile) {
    const match = spawnSync('fc-match', ['-f', '%{file}', 'sans:bold'], { encoding: 'utf8' });
    const found = match.status === 0 ? match.stdout.trim() : '';
    fontFile = found && /\.(ttf|otf)$/i.test(found) && PLAIN_PATH.test(found) && fs.existsSync(found) ? found : null;
  }
  return fontFile;
}

let filters: Promise<{ gradients: boolean; drawtext: boolean }> | null = null;

/** Which optional lavfi filters this ffmpeg has (older static builds lack `gradients`). */
function availableFilters(): Promise<{ gradients: boolean; drawtext: boolean }> {
  filters ??= runTool(mediaTools().ffmpeg, ['-hide_banner', '-filters'], { captureStdout: true }).then(
    ({ stdout }) => ({ gradients: /\sgradients\s/.test(stdout), drawtext: /\sdrawtext\s/.test(stdout) }),
    () => ({ gradients: false, drawtext: false }),
  );
  return filters;
}

/** `#rrggbb` of an HSL color. */
function hslHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function darker(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const part = (shift: number) =>
    Math.round(((n >> shift) & 0xff) * factor)
      .toString(16)
      .padStart(2, '0');
  return `#${part(16)}${part(8)}${part(0)}`;
}

/** Breaks a title into lines of about `width` characters, at spaces. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 4).join('\n');
}

/**
 * Makes a short vertical test video that looks like its series: a moving gradient in the series'
 * color, the series title and "EP n" burnt in, a running clock, and a sine tone. For demo catalogs
 * and tests; ultrafast to make, so a demo catalog of ~150 clips is generated in a minute or two.
 */
export async function generateDemoClip(opts: DemoClipOptions): Promise<void> {
  const width = opts.width ?? 720;
  const height = opts.height ?? 1280;
  const fps = opts.fps ?? 24;
  const seconds = opts.seconds;
  const color =
    opts.color && /^#[0-9a-f]{6}$/i.test(opts.color)
      ? opts.color.toLowerCase()
      : hslHex((((opts.hue ?? 210) % 360) + 360) % 360, 0.65, 0.45);
  const { gradients, drawtext } = await availableFilters();
  const font = drawtext ? demoFont() : null;

  // The background is drawn small and scaled up: a fraction of the work, and a gradient loses nothing by it.
  const small = `${Math.max(2, Math.round(width / 4 / 2) * 2)}x${Math.max(2, Math.round(height / 4 / 2) * 2)}`;
  const background = gradients
    ? `gradients=s=${small}:c0=${color}:c1=${darker(color, 0.35)}:x0=0:y0=0:x1=${small.split('x')[0]}:y1=${small.split('x')[1]}:speed=0.03:rate=${fps}:duration=${seconds}`
    : `color=c=${color}:s=${small}:r=${fps}:d=${seconds}`;
  const chain = [`${background},scale=${width}:${height},format=yuv420p`];

  const tmp = await fsp.realpath(os.tmpdir());
  const textDir = font && PLAIN_PATH.test(tmp) ? await fsp.mkdtemp(path.join(tmp, 'episodic-demo-')) : null;
  try {
    if (font && textDir) {
      const titleFile = path.join(textDir, 'title.txt');
      const episodeFile = path.join(textDir, 'episode.txt');
      await fsp.writeFile(titleFile, wrap(opts.title, 16));
      await fsp.writeFile(episodeFile, `EP ${opts.episodeNumber}`);
      const base = `fontfile=${font}:fontcolor=white:shadowcolor=black@0.6:shadowx=3:shadowy=3`;
      const unit = height / 1280;
      chain.push(
        `drawtext=${base}:textfile=${titleFile}:expansion=none:fontsize=${Math.round(60 * unit)}:line_spacing=${Math.round(12 * unit)}:x=(w-tw)/2:y=h*0.2`,
        `drawtext=${base}:textfile=${episodeFile}:expansion=none:fontsize=${Math.round(170 * unit)}:x=(w-tw)/2:y=(h-th)/2`,
        `drawtext=${base}:text='%{pts\\:hms}':fontsize=${Math.round(40 * unit)}:x=(w-tw)/2:y=h*0.8`,
      );
    }
    await fsp.mkdir(path.dirname(opts.outFile), { recursive: true });
    await runFfmpeg(
      [
        '-y',
        '-f',
        'lavfi',
        '-i',
        chain.join(','),
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${opts.toneHz ?? 440}:sample_rate=48000:duration=${seconds}`,
        '-af',
        'volume=0.3',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-crf',
        '26',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-ac',
        '2',
        '-shortest',
        opts.outFile,
      ],
      { signal: opts.signal },
    );
  } finally {
    if (textDir) await fsp.rm(textDir, { recursive: true, force: true });
  }
}
