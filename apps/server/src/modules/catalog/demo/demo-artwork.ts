import fs from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../../../media/ffmpeg';
import { demoFont } from '../../../media/index';

/** Splits a title into lines of at most `width` characters, on word boundaries. */
export function wrapTitle(title: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

export function hueColor(hue: number, lightness: number): string {
  const s = 0.6;
  const a = s * Math.min(lightness, 1 - lightness);
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    const c = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/**
 * Renders a series' artwork (a 3:4 cover or a 16:9 banner): the series' color fading to black, its
 * title set large. Text is passed through files so no title needs escaping.
 */
export async function renderDemoArtwork(opts: {
  outFile: string;
  title: string;
  hue: number;
  width: number;
  height: number;
  workDir: string;
  signal?: AbortSignal;
}): Promise<void> {
  const font = demoFont();
  const top = hueColor(opts.hue, 0.42);
  const bottom = hueColor((opts.hue + 30) % 360, 0.12);
  const lines = wrapTitle(opts.title, opts.width > opts.height ? 24 : 14);
  // Bold sans glyphs are about 0.62 em wide: the longest line keeps a margin on both sides.
  const longest = Math.max(...lines.map((l) => l.length), 1);
  const size = Math.round(
    Math.min(
      Math.min(opts.width, opts.height) / (opts.width > opts.height ? 9 : 8),
      (opts.width * 0.86) / (longest * 0.62),
    ),
  );
  // The gradient is computed on a tiny frame and scaled up: the same picture for a fraction of the work.
  const filters = [
    `format=rgb24`,
    `geq=r='(1-Y/H)*${parseInt(top.slice(1, 3), 16)}+(Y/H)*${parseInt(bottom.slice(1, 3), 16)}':g='(1-Y/H)*${parseInt(top.slice(3, 5), 16)}+(Y/H)*${parseInt(bottom.slice(3, 5), 16)}':b='(1-Y/H)*${parseInt(top.slice(5, 7), 16)}+(Y/H)*${parseInt(bottom.slice(5, 7), 16)}'`,
    `scale=${opts.width}:${opts.height}:flags=bilinear`,
  ];
  if (font) {
    const blockTop = Math.round(opts.height * 0.62 - (lines.length * size * 1.15) / 2);
    for (const [i, line] of lines.entries()) {
      const file = path.join(opts.workDir, `line-${i}.txt`);
      await fs.writeFile(file, line);
      filters.push(
        `drawtext=fontfile='${font}':textfile='${file}':fontcolor=white:fontsize=${size}:x=(w-text_w)/2:y=${blockTop + Math.round(i * size * 1.15)}:shadowcolor=black@0.6:shadowx=2:shadowy=2`,
      );
    }
    const brand = path.join(opts.workDir, 'brand.txt');
    await fs.writeFile(brand, 'EPISODIC');
    filters.push(
      `drawtext=fontfile='${font}':textfile='${brand}':fontcolor=white@0.8:fontsize=${Math.round(size * 0.4)}:x=(w-text_w)/2:y=h*0.08`,
    );
  }
  await runFfmpeg(
    [
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=16x64',
      '-vf',
      filters.join(','),
      '-frames:v',
      '1',
      '-q:v',
      '3',
      opts.outFile,
    ],
    { signal: opts.signal },
  );
}
