import { describe, expect, it } from 'vitest';
import { avcCodecFromTs, findSps } from './codecs';
import { decryptSegment, encryptSegment, newContentKey } from './encrypt-hls';
import {
  addSegmentKeys,
  measureBandwidth,
  parseMediaPlaylist,
  rewriteMediaPlaylist,
  writeMasterPlaylist,
} from './hls-playlist';
import { chooseLadder, effectiveHeight, framingFor, outputFps } from './ladder';
import { subtitleLanguage, toWebVtt } from './subtitles';
import { createLimiter, mapConcurrent } from './concurrency';
import { FfmpegError } from './ffmpeg';
import { MediaInputError, mediaFailureOf, plainMediaMessage } from './plain-errors';

const PLAYLIST = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:4
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:1.000000,
seg_000.ts
#EXTINF:4.000000,
seg_001.ts
#EXT-X-ENDLIST
`;

describe('ladder', () => {
  it('skips rungs above the source, but keeps at least one', () => {
    expect(chooseLadder(1080, 1920).map((r) => r.name)).toEqual(['360p', '540p', '720p']);
    expect(chooseLadder(720, 1280).map((r) => r.name)).toEqual(['360p', '540p', '720p']);
    expect(chooseLadder(540, 960).map((r) => r.name)).toEqual(['360p', '540p']);
    expect(chooseLadder(480, 854).map((r) => r.name)).toEqual(['360p']);
    expect(chooseLadder(160, 284).map((r) => r.name)).toEqual(['360p']);
  });

  it('crops portrait and square sources, fits landscape ones', () => {
    expect(framingFor(1080, 1920)).toBe('crop');
    expect(framingFor(1000, 1000)).toBe('crop');
    expect(framingFor(1920, 1080)).toBe('fit');
    expect(effectiveHeight(1080, 1080)).toBe(1080);
    expect(effectiveHeight(720, 2000)).toBe(1280);
    expect(effectiveHeight(1920, 1080)).toBe(3413);
  });

  it('caps the frame rate at 30', () => {
    expect(outputFps(59.94)).toBe(30);
    expect(outputFps(24)).toBe(24);
    expect(outputFps(30000 / 1001)).toBe(29.97);
    expect(outputFps(0)).toBe(30);
  });
});

describe('playlists', () => {
  it('adds one key line with its own IV before each segment', () => {
    const ivs = [Buffer.alloc(16, 1), Buffer.alloc(16, 2)];
    const text = addSegmentKeys(PLAYLIST, ivs);
    expect(text).toContain(
      `#EXT-X-KEY:METHOD=AES-128,URI="key",IV=0x${'01'.repeat(16)}\n#EXTINF:1.000000,\nseg_000.ts`,
    );
    expect(text).toContain(
      `#EXT-X-KEY:METHOD=AES-128,URI="key",IV=0x${'02'.repeat(16)}\n#EXTINF:4.000000,\nseg_001.ts`,
    );
    expect(() => addSegmentKeys(PLAYLIST, ivs.slice(0, 1))).toThrow();
    expect(parseMediaPlaylist(text)).toEqual([
      { uri: 'seg_000.ts', duration: 1 },
      { uri: 'seg_001.ts', duration: 4 },
    ]);
  });

  it('rewrites segment and key URIs for serving', () => {
    const served = rewriteMediaPlaylist(addSegmentKeys(PLAYLIST, [Buffer.alloc(16), Buffer.alloc(16)]), {
      segmentBase: 'https://cdn.example/media/episodes/1/ab/360p',
      keyUri: '/api/media/keys/1',
    });
    expect(served).toContain('https://cdn.example/media/episodes/1/ab/360p/seg_000.ts');
    expect(served.match(/URI="\/api\/media\/keys\/1"/g)).toHaveLength(2);
    expect(served).toContain('#EXT-X-ENDLIST');
  });

  it('writes a master playlist with bandwidth, resolution and codecs', () => {
    const text = writeMasterPlaylist([
      {
        uri: '720p/index.m3u8',
        bandwidth: 2000000,
        averageBandwidth: 1500000,
        width: 720,
        height: 1280,
        codecs: 'avc1.64001f,mp4a.40.2',
        frameRate: 24,
      },
    ]);
    expect(text).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-STREAM-INF:BANDWIDTH=2000000,AVERAGE-BANDWIDTH=1500000,RESOLUTION=720x1280,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=24.000\n720p/index.m3u8\n',
    );
  });

  it('measures peak bandwidth on segments of half a second or more', () => {
    expect(
      measureBandwidth([
        { bytes: 100_000, duration: 1 },
        { bytes: 300_000, duration: 4 },
        { bytes: 20_000, duration: 0.04 },
      ]),
    ).toEqual({ peak: 800_000, average: 666_667 });
  });
});

describe('encryption', () => {
  it('is AES-128-CBC over the whole segment with PKCS#7 padding', () => {
    const key = newContentKey();
    const iv = newContentKey();
    const clear = Buffer.alloc(188 * 3, 0x47);
    const sealed = encryptSegment(clear, key, iv);
    expect(sealed.length).toBe(Math.ceil((clear.length + 1) / 16) * 16);
    expect(decryptSegment(sealed, key, iv)).toEqual(clear);
    expect(() => decryptSegment(sealed, newContentKey(), iv)).toThrow();
  });
});

describe('codec strings', () => {
  it('reads profile, constraints and level from an SPS', () => {
    expect(findSps(Buffer.from([0, 0, 0, 1, 0x09, 0xf0, 0, 0, 0, 1, 0x67, 0x64, 0x00, 0x1f, 0xac]))).toEqual({
      profile: 0x64,
      constraints: 0,
      level: 0x1f,
    });
    expect(findSps(Buffer.from([0, 0, 1, 0x68, 1, 2, 3]))).toBeNull();
    expect(avcCodecFromTs(Buffer.alloc(188 * 4, 0xff))).toBeNull();
  });
});

describe('subtitles', () => {
  it('turns SRT into WebVTT', () => {
    expect(toWebVtt('\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHi\r\n', 'a.srt')).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHi\n',
    );
  });

  it('keeps WebVTT, refuses what is not a subtitle file', () => {
    expect(toWebVtt('WEBVTT\n\n00:01.000 --> 00:02.000\nHi', 'a.vtt')).toBe('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n');
    expect(() => toWebVtt('hello', 'a.vtt')).toThrow('a.vtt is not a WebVTT file');
    expect(() => toWebVtt('WEBVTT\n\nno cues', 'a.vtt')).toThrow('a.vtt has no subtitle cues');
    expect(() => toWebVtt('x', 'a.ass')).toThrow('must be .vtt or .srt');
  });

  it("maps file-name language codes to the product's", () => {
    expect(subtitleLanguage('EN')).toBe('en');
    expect(subtitleLanguage('fr')).toBe('fy');
    expect(subtitleLanguage('de')).toBe('dy');
    expect(subtitleLanguage('zz')).toBeNull();
  });
});

describe('concurrency helpers', () => {
  it('never runs more than the limit at once and keeps the order of results', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapConcurrent([5, 1, 4, 2, 3], 2, async (ms, i) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return i;
    });
    expect(results).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('rejects with the first failure', async () => {
    await expect(
      mapConcurrent([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('two')) : n)),
    ).rejects.toThrow('two');
  });

  it('limits tasks submitted one by one', async () => {
    const limit = createLimiter(1);
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        limit(async () => {
          order.push(`start ${name}`);
          await new Promise((r) => setTimeout(r, 2));
          order.push(`end ${name}`);
        }),
      ),
    );
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});

describe('what an operator reads about a failed video', () => {
  const stderr = '[h264 @ 0x55d0c0a1b2c0] Invalid NAL unit size (1234 > 567).\nError while decoding stream #0:0';
  it.each([
    [new FfmpegError(`/usr/bin/ffmpeg exited with code 1: ${stderr}`, stderr, 1), 'damaged'],
    [new FfmpegError('Could not run /usr/bin/ffmpeg: spawn ENOENT', '', null), 'unexpected'],
    [new MediaInputError('x', 'too_short'), 'too_short'],
    [new Error('connect ECONNREFUSED 10.0.0.7:9000'), 'unexpected'],
  ] as const)('%s is told as %s, naming the file and what to do, never the tools', (err, failure) => {
    expect(mediaFailureOf(err)).toBe(failure);
    const message = plainMediaMessage(mediaFailureOf(err), 'My Episode.mov');
    expect(message).toMatch(/^“My Episode\.mov”|“My Episode\.mov”/);
    expect(message).toMatch(/\b(upload|export)\b/i);
    expect(message).not.toMatch(/ffmpeg|ffprobe|h264|0x|ENOENT|ECONNREFUSED|stream #/i);
  });
});
