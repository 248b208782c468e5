import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { mediaTools } from '../src/media/index';

const run = promisify(execFile);

/** A small test video made with ffmpeg's test sources: `testsrc2` picture, optional sine tone. */
export async function makeTestClip(
  file: string,
  opts: { seconds?: number; width?: number; height?: number; audio?: boolean; fps?: number } = {},
): Promise<string> {
  const { seconds = 2, width = 720, height = 1280, audio = true, fps = 24 } = opts;
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=${fps}:d=${seconds}`];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=660:sample_rate=48000:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (audio) args.push('-c:a', 'aac', '-shortest');
  args.push(file);
  await run(mediaTools().ffmpeg, args);
  return file;
}

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  profile?: string;
}

/** ffprobe's streams of a file; rejects when ffprobe can't read it. */
export async function probeStreams(file: string, { format }: { format?: string } = {}): Promise<ProbedStream[]> {
  const { stdout } = await run(mediaTools().ffprobe, [
    '-v',
    'error',
    '-of',
    'json',
    '-show_streams',
    ...(format ? ['-f', format] : []),
    file,
  ]);
  return (JSON.parse(stdout) as { streams: ProbedStream[] }).streams;
}

/** Whether the first video frame of a file is a keyframe. */
export async function firstFrameIsKeyframe(file: string): Promise<boolean> {
  const { stdout } = await run(mediaTools().ffprobe, [
    '-v',
    'error',
    '-of',
    'json',
    '-select_streams',
    'v:0',
    '-read_intervals',
    '%+#1',
    '-show_entries',
    'frame=key_frame,pict_type',
    file,
  ]);
  const frame = (JSON.parse(stdout) as { frames: { key_frame: number; pict_type: string }[] }).frames[0];
  return frame?.key_frame === 1 && frame.pict_type === 'I';
}

/** MPEG-TS: a 0x47 sync byte at the start of every 188-byte packet. */
export function looksLikeMpegTs(data: Buffer): boolean {
  if (data.length < 188 || data.length % 188 !== 0) return false;
  for (let i = 0; i < data.length; i += 188) if (data[i] !== 0x47) return false;
  return true;
}

/** A series (published unless said otherwise) with an English title. */
export async function seedSeries(db: Kysely<DB>, opts: { published?: boolean; title?: string } = {}): Promise<number> {
  const published = opts.published ?? true;
  const { id } = await db
    .insertInto('series')
    .values({ status: published ? 'published' : 'draft', published_at: published ? new Date() : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('series_translations')
    .values({ series_id: id, language: 'en', title: opts.title ?? `Series ${id}` })
    .execute();
  return id;
}

/** An episode of a series (published and locked unless said otherwise). */
export async function seedEpisode(
  db: Kysely<DB>,
  seriesId: number,
  number: number,
  opts: { free?: boolean; published?: boolean; cost?: number } = {},
): Promise<number> {
  const { id } = await db
    .insertInto('episodes')
    .values({
      series_id: seriesId,
      number,
      free: opts.free ?? false,
      status: (opts.published ?? true) ? 'published' : 'draft',
      unlock_cost: opts.cost ?? 50,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
