import path from 'node:path';
import { ADMIN_SUBTITLE_MAX_BYTES } from '@episodic/contract';

/** Largest subtitle file the console takes (an episode's dialogue is a few kilobytes). */
export const SUBTITLE_MAX_BYTES = ADMIN_SUBTITLE_MAX_BYTES;

export interface SubtitleCue {
  /** Milliseconds. */
  start: number;
  end: number;
  text: string;
}

export interface CheckedSubtitles {
  /** The file as clean WebVTT (SRT converted). */
  vtt: string;
  cues: SubtitleCue[];
  /** Accepted, but worth a look (cues past the end of the video). */
  warnings: string[];
}

/** A file that cannot be used, with the reason in plain words (and the line, when there is one). */
export class SubtitleFileError extends Error {}

const TIME = /^(?:(\d{1,2}):)?(\d{2}):(\d{2})[.,](\d{3})$/;

function parseTime(value: string): number | null {
  const m = TIME.exec(value.trim());
  if (!m) return null;
  const [h, min, s, ms] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3]), Number(m[4])];
  if (min > 59 || s > 59) return null;
  return ((h * 60 + min) * 60 + s) * 1000 + ms;
}

/** `hh:mm:ss.mmm`, as WebVTT writes it. */
export function vttTime(ms: number): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** `1:05` or `1:02:05`, for people. */
export function clockTime(ms: number): string {
  const s = Math.floor(ms / 1000);
  const mm = String(Math.floor(s / 60) % 60);
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const loose = new TextDecoder('utf-8').decode(bytes);
    const line = loose.slice(0, loose.indexOf('\uFFFD')).split('\n').length;
    throw new SubtitleFileError(
      `Line ${line} is not UTF-8 text. Save the file with UTF-8 encoding and upload it again.`,
    );
  }
}

/**
 * Reads an uploaded .vtt or .srt file: UTF-8, a size limit, every cue with a valid time line whose
 * end comes after its start, cues in time order. Cues running past the video's end are accepted with
 * a warning (the video may be replaced by a longer cut). Errors name the line, in plain words.
 */
export function checkSubtitleFile(bytes: Buffer, fileName: string, durationMs: number | null): CheckedSubtitles {
  const ext = path.extname(fileName).toLowerCase();
  if (ext !== '.vtt' && ext !== '.srt') throw new SubtitleFileError('Subtitles must be a .vtt (WebVTT) or .srt file.');
  if (bytes.length === 0) throw new SubtitleFileError('The file is empty.');
  if (bytes.length > SUBTITLE_MAX_BYTES)
    throw new SubtitleFileError(
      `The file is larger than ${SUBTITLE_MAX_BYTES / 1024} KB; subtitle files are much smaller.`,
    );
  const lines = decodeUtf8(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  let i = 0;
  if (ext === '.vtt') {
    if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? ''))
      throw new SubtitleFileError('Line 1 must be "WEBVTT": this is not a WebVTT file.');
    i = 1;
  }
  const cues: (SubtitleCue & { settings: string })[] = [];
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.trim() === '') i++;
    if (i >= lines.length) break;
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') block.push(lines[i++]!);
    if (ext === '.vtt' && /^(NOTE|STYLE|REGION)\b/.test(block[0]!)) continue;
    // A time line is the block's first line, or its second after a cue number or name.
    const at = block[0]!.includes('-->') ? 0 : block[1]?.includes('-->') ? 1 : -1;
    const lineNo = blockStart + at + 1;
    if (at < 0)
      throw new SubtitleFileError(
        `Line ${blockStart + 1}: expected a time line such as "00:00:01${ext === '.srt' ? ',' : '.'}000 --> 00:00:03${ext === '.srt' ? ',' : '.'}000".`,
      );
    const [from = '', rest = ''] = block[at]!.split('-->');
    const [to = '', ...settings] = rest.trim().split(/\s+/);
    const start = parseTime(from);
    const end = parseTime(to);
    if (start === null || end === null)
      throw new SubtitleFileError(`Line ${lineNo}: "${block[at]!.trim().slice(0, 60)}" is not a valid time line.`);
    if (end <= start)
      throw new SubtitleFileError(
        `Line ${lineNo}: the subtitle ends (${vttTime(end)}) before it starts (${vttTime(start)}).`,
      );
    const previous = cues.at(-1);
    if (previous && start < previous.start)
      throw new SubtitleFileError(
        `Line ${lineNo}: this subtitle starts at ${vttTime(start)}, before the one above it (${vttTime(previous.start)}). Subtitles must be in time order.`,
      );
    cues.push({ start, end, text: block.slice(at + 1).join('\n'), settings: ext === '.vtt' ? settings.join(' ') : '' });
  }
  if (cues.length === 0) throw new SubtitleFileError('The file has no subtitles in it (no time lines).');
  const warnings: string[] = [];
  if (durationMs !== null) {
    const late = cues.filter((c) => c.end > durationMs + 500);
    if (late.length > 0)
      warnings.push(
        `${late.length === 1 ? '1 subtitle runs' : `${late.length} subtitles run`} past the end of the video (${clockTime(durationMs)}); the last ends at ${clockTime(late.at(-1)!.end)}.`,
      );
  }
  const vtt = `WEBVTT\n\n${cues
    .map((c) => `${vttTime(c.start)} --> ${vttTime(c.end)}${c.settings ? ` ${c.settings}` : ''}\n${c.text}`)
    .join('\n\n')}\n`;
  return { vtt, cues: cues.map(({ start, end, text }) => ({ start, end, text })), warnings };
}
