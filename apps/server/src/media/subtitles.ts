import fs from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGES, isLanguage, languageOfTag, type Language } from '@episodic/contract';
import { MediaInputError } from './probe';

/** The interface languages; subtitles exist per language. */
export const SUBTITLE_LANGUAGES = LANGUAGES;
export type SubtitleLanguage = Language;

/**
 * The product language a file-name code stands for (`en`, `fy`, and the ISO codes files often use:
 * `fr` → `fy`, `de` → `dy`), or null.
 */
export function subtitleLanguage(code: string): SubtitleLanguage | null {
  const lower = code.toLowerCase();
  if (isLanguage(lower)) return lower;
  return lower.includes('-') ? null : languageOfTag(lower);
}

const SRT_TIME = /(\d{1,2}:\d{2}:\d{2}),(\d{3})/g;
const CUE_TIMING = /^\s*(?:\d{1,2}:)?\d{2}:\d{2}\.\d{3}\s+-->\s+(?:\d{1,2}:)?\d{2}:\d{2}\.\d{3}/m;

/**
 * WebVTT text from a .vtt or .srt subtitle file's text. SRT becomes WebVTT by its timestamps
 * (`00:00:01,000` → `00:00:01.000`) and a header; a file without a single cue is refused.
 */
export function toWebVtt(text: string, fileName: string): string {
  const clean = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .trim();
  const ext = path.extname(fileName).toLowerCase();
  let vtt: string;
  if (ext === '.vtt') {
    if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(clean))
      throw new MediaInputError(`${fileName} is not a WebVTT file (it must start with "WEBVTT")`);
    vtt = clean;
  } else if (ext === '.srt') {
    vtt = `WEBVTT\n\n${clean.replace(SRT_TIME, '$1.$2')}`;
  } else {
    throw new MediaInputError(`${fileName}: subtitles must be .vtt or .srt files`);
  }
  if (!CUE_TIMING.test(vtt)) throw new MediaInputError(`${fileName} has no subtitle cues`);
  return `${vtt}\n`;
}

/** Reads a .vtt or .srt file as WebVTT text. */
export async function readSubtitleFile(file: string): Promise<string> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    throw new MediaInputError(`Could not read the subtitle file ${path.basename(file)}`);
  }
  return toWebVtt(text, path.basename(file));
}
