import { describe, expect, it } from 'vitest';
import { SUBTITLE_MAX_BYTES, checkSubtitleFile } from './subtitle-check';

const check = (text: string | Buffer, name = 'ep.srt', duration: number | null = 60_000) =>
  checkSubtitleFile(typeof text === 'string' ? Buffer.from(text) : text, name, duration);
const refusal = (text: string | Buffer, name = 'ep.srt', duration: number | null = 60_000) => {
  try {
    check(text, name, duration);
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
};

describe('subtitle files', () => {
  it('converts SRT (CRLF, BOM, numbered cues) to WebVTT', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHello <i>there</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nTwo\r\nlines\r\n';
    const out = check(srt);
    expect(out.vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello <i>there</i>\n\n00:00:03.000 --> 00:00:04.000\nTwo\nlines\n',
    );
    expect(out.cues).toEqual([
      { start: 1000, end: 2500, text: 'Hello <i>there</i>' },
      { start: 3000, end: 4000, text: 'Two\nlines' },
    ]);
    expect(out.warnings).toEqual([]);
  });

  it('keeps WebVTT cue settings and skips notes', () => {
    const vtt = 'WEBVTT - ep 1\n\nNOTE made by hand\n\nintro\n00:01.000 --> 00:02.000 line:0 align:start\nHi\n';
    expect(check(vtt, 'ep.vtt').vtt).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000 line:0 align:start\nHi\n');
  });

  it('refuses what cannot be used, naming the line in plain words', () => {
    expect(refusal('hello', 'ep.txt')).toBe('Subtitles must be a .vtt (WebVTT) or .srt file.');
    expect(refusal('', 'ep.srt')).toBe('The file is empty.');
    expect(refusal(Buffer.alloc(SUBTITLE_MAX_BYTES + 1, 'a'))).toMatch(/^The file is larger than 512 KB/);
    expect(
      refusal(
        Buffer.concat([Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\nbad '), Buffer.from([0xff, 0xfe])]),
      ),
    ).toBe('Line 6 is not UTF-8 text. Save the file with UTF-8 encoding and upload it again.');
    expect(refusal('00:00:01.000 --> 00:00:02.000\nHi', 'ep.vtt')).toBe(
      'Line 1 must be "WEBVTT": this is not a WebVTT file.',
    );
    expect(refusal('1\n00:00:01,000 --> 00:00:02,000\nok\n\nstray text\nmore')).toBe(
      'Line 5: expected a time line such as "00:00:01,000 --> 00:00:03,000".',
    );
    expect(refusal('1\n00:00:01,000 -> 00:00:02,000\nok')).toBe(
      'Line 1: expected a time line such as "00:00:01,000 --> 00:00:03,000".',
    );
    expect(refusal('1\n00:00:61,000 --> 00:01:02,000\nok')).toBe(
      'Line 2: "00:00:61,000 --> 00:01:02,000" is not a valid time line.',
    );
    expect(refusal('1\n00:00:05,000 --> 00:00:04,000\nok')).toBe(
      'Line 2: the subtitle ends (00:00:04.000) before it starts (00:00:05.000).',
    );
    expect(refusal('1\n00:00:05,000 --> 00:00:06,000\na\n\n2\n00:00:01,000 --> 00:00:02,000\nb')).toBe(
      'Line 6: this subtitle starts at 00:00:01.000, before the one above it (00:00:05.000). Subtitles must be in time order.',
    );
    expect(refusal('WEBVTT\n\nNOTE only a note\n', 'ep.vtt')).toBe('The file has no subtitles in it (no time lines).');
  });

  it('accepts cues past the end of the video with a warning', () => {
    const out = check('1\n00:00:59,000 --> 00:01:01,000\na\n\n2\n00:01:05,000 --> 00:01:10,000\nb', 'ep.srt', 60_000);
    expect(out.warnings).toEqual(['2 subtitles run past the end of the video (1:00); the last ends at 1:10.']);
    expect(check('1\n00:01:05,000 --> 00:01:10,000\nb', 'ep.srt', null).warnings).toEqual([]);
  });
});
