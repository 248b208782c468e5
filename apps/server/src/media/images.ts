import { runFfmpeg } from './ffmpeg';

export const POSTER = { width: 720, height: 1280, file: 'poster.jpg' } as const;
export const THUMBNAIL = { width: 240, height: 426, file: 'thumbnail.jpg' } as const;

/**
 * Filter graph text that turns the 9:16 picture on `input` into a poster and a thumbnail on the
 * labels `[poster]` and `[thumb]`. The picture is chosen by ffmpeg's thumbnail filter (the frame
 * most like its neighbours) among the first two seconds after a short skip: the very first frames
 * are often a black fade or a title card, which make poor posters.
 */
export function posterFilter(input: string, durationSec: number, fps: number): string {
  const skip = Math.min(1, durationSec * 0.25);
  const batch = Math.max(1, Math.min(Math.round(fps * 2), Math.floor((durationSec - skip) * fps)));
  return (
    // trim ends the branch after one batch: the rest of the episode costs this branch nothing.
    `[${input}]trim=start=${skip.toFixed(3)}:duration=${((batch + 1) / fps).toFixed(3)},setpts=PTS-STARTPTS,thumbnail=n=${batch},` +
    `scale=${POSTER.width}:${POSTER.height}:out_range=full,format=yuvj420p,split=2[poster][thumbsrc];` +
    `[thumbsrc]scale=${THUMBNAIL.width}:${THUMBNAIL.height}[thumb]`
  );
}

/** ffmpeg output arguments writing the poster and thumbnail labels as JPEG files. */
export function posterOutputs(posterFile: string, thumbnailFile: string): string[] {
  return [
    '-map',
    '[poster]',
    '-frames:v',
    '1',
    '-q:v',
    '3',
    '-update',
    '1',
    posterFile,
    '-map',
    '[thumb]',
    '-frames:v',
    '1',
    '-q:v',
    '5',
    '-update',
    '1',
    thumbnailFile,
  ];
}

/**
 * Converts any picture ffmpeg reads into a JPEG (or WebP/PNG, by the output's extension) of exactly
 * `width`×`height`, cropped at the center to that shape: for series covers and banners.
 */
export async function resizeImage(opts: {
  input: string;
  output: string;
  width: number;
  height: number;
  signal?: AbortSignal;
}): Promise<void> {
  const { width, height } = opts;
  await runFfmpeg(
    [
      '-y',
      '-i',
      opts.input,
      '-vf',
      `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '-update',
      '1',
      opts.output,
    ],
    { signal: opts.signal },
  );
}
