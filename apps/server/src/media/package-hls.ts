import fs from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg';
import { POSTER, THUMBNAIL, posterFilter, posterOutputs } from './images';
import { FIRST_SEGMENT_SECONDS, SEGMENT_SECONDS, forceKeyFramesExpr, framingFor, outputFps, type Rung } from './ladder';
import type { MediaProbe } from './probe';

export type X264Preset = 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';

export interface PackagingPlan {
  input: string;
  probe: MediaProbe;
  /** Smallest first; the last one is the picture every other rung is scaled from. */
  rungs: readonly Rung[];
  outDir: string;
  preset?: X264Preset;
  /** Encoder threads per rendition; 0 lets x264 decide. */
  threads?: number;
  /** Also write poster.jpg and thumbnail.jpg from the same decode. */
  images?: boolean;
}

/** The filter that brings the source to 9:16 at `w`×`h`, from `[0:v]` to `[base]`. */
function framingFilter(probe: MediaProbe, w: number, h: number, fps: number): string {
  const head = `[0:v]fps=${fps}`;
  if (framingFor(probe.width, probe.height) === 'crop') {
    return `${head},crop=w='min(iw,trunc(ih*9/16/2)*2)':h='min(ih,trunc(iw*16/9/2)*2)',scale=${w}:${h},setsar=1,format=yuv420p[base]`;
  }
  const bw = Math.round(w / 8);
  const bh = Math.round(h / 8);
  return (
    `${head},split=2[bgsrc][fgsrc];` +
    `[bgsrc]scale=${bw}:${bh}:force_original_aspect_ratio=increase,crop=${bw}:${bh},boxblur=luma_radius=6:luma_power=2,eq=brightness=-0.12:saturation=0.85,scale=${w}:${h},setsar=1[bg];` +
    `[fgsrc]scale=${w}:-2,setsar=1[fg];[bg][fg]overlay=x=0:y=(H-h)/2,format=yuv420p[base]`
  );
}

/** The complete ffmpeg arguments (after the global options) of one packaging run. */
export function buildPackagingArgs(plan: PackagingPlan): string[] {
  const { probe, rungs, outDir } = plan;
  if (rungs.length === 0) throw new Error('No renditions to make');
  const top = rungs[rungs.length - 1]!;
  const fps = outputFps(probe.fps);
  const durationSec = probe.durationMs / 1000;
  const n = rungs.length;
  const images = plan.images ?? true;

  const graph: string[] = [framingFilter(probe, top.width, top.height, fps)];
  const baseOuts = rungs.map((_, i) => `[s${i}]`).join('') + (images ? '[sp]' : '');
  graph.push(`[base]split=${n + (images ? 1 : 0)}${baseOuts}`);
  rungs.forEach((rung, i) =>
    graph.push(rung === top ? `[s${i}]null[v${i}]` : `[s${i}]scale=${rung.width}:${rung.height}[v${i}]`),
  );
  const audioIn = probe.hasAudio
    ? '[0:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo'
    : // No audio: every rendition still gets a (silent) track, so players and switching behave the same.
      `anullsrc=r=48000:cl=stereo,atrim=duration=${durationSec.toFixed(3)}`;
  graph.push(`${audioIn},asplit=${n}${rungs.map((_, i) => `[a${i}]`).join('')}`);
  if (images) graph.push(posterFilter('sp', durationSec, fps));

  const gop = Math.max(1, Math.round(fps * SEGMENT_SECONDS));
  // A thread count applies everywhere (decoder, filters, encoders): with one thread per run, running
  // as many runs as cores wastes nothing on thread hand-offs, which matters for short clips.
  const threads = plan.threads ? ['-threads', String(plan.threads)] : [];
  const args = [
    '-y',
    ...(plan.threads ? ['-filter_complex_threads', String(plan.threads)] : []),
    ...threads,
    '-i',
    plan.input,
    '-filter_complex',
    graph.join(';'),
  ];
  rungs.forEach((_, i) => args.push('-map', `[v${i}]`, '-map', `[a${i}]`));
  args.push('-c:v', 'libx264', '-preset', plan.preset ?? 'veryfast', '-pix_fmt', 'yuv420p');
  rungs.forEach((rung, i) => {
    args.push(
      `-profile:v:${i}`,
      rung.profile,
      `-b:v:${i}`,
      String(rung.videoBitrate),
      `-maxrate:v:${i}`,
      String(Math.round(rung.videoBitrate * 1.5)),
      `-bufsize:v:${i}`,
      String(rung.videoBitrate * 2),
      `-b:a:${i}`,
      String(rung.audioBitrate),
    );
  });
  args.push('-g', String(gop), '-sc_threshold', '0', '-force_key_frames', forceKeyFramesExpr());
  args.push(...threads);
  args.push('-c:a', 'aac', '-ac', '2', '-ar', '48000');
  args.push(
    '-max_muxing_queue_size',
    '4096',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_init_time',
    String(FIRST_SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'mpegts',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    path.join(outDir, 'v%v', 'seg_%03d.ts'),
    '-var_stream_map',
    rungs.map((_, i) => `v:${i},a:${i}`).join(' '),
    path.join(outDir, 'v%v', 'index.m3u8'),
  );
  if (images) args.push(...posterOutputs(path.join(outDir, POSTER.file), path.join(outDir, THUMBNAIL.file)));
  return args;
}

export interface PackagedRendition {
  rung: Rung;
  /** Folder holding index.m3u8 and the segments. */
  dir: string;
}

export interface PackagedHls {
  renditions: PackagedRendition[];
  fps: number;
  posterFile: string | null;
  thumbnailFile: string | null;
}

/**
 * Packages a source into an HLS ladder in one ffmpeg run: one decode, one 9:16 framing, split and
 * scaled per rung, H.264 + AAC in MPEG-TS segments with keyframes aligned across renditions, a
 * 1-second first segment then 4-second ones; poster and thumbnail from the same decode.
 * Each rendition ends up in `<outDir>/<rung name>/`.
 */
export async function packageHls(
  plan: PackagingPlan,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<PackagedHls> {
  await fs.mkdir(plan.outDir, { recursive: true });
  await Promise.all(plan.rungs.map((_, i) => fs.mkdir(path.join(plan.outDir, `v${i}`), { recursive: true })));
  await runFfmpeg(buildPackagingArgs(plan), {
    durationSec: plan.probe.durationMs / 1000,
    onProgress: opts.onProgress,
    signal: opts.signal,
  });
  const renditions: PackagedRendition[] = [];
  for (const [i, rung] of plan.rungs.entries()) {
    const dir = path.join(plan.outDir, rung.name);
    await fs.rename(path.join(plan.outDir, `v${i}`), dir);
    renditions.push({ rung, dir });
  }
  const images = plan.images ?? true;
  return {
    renditions,
    fps: outputFps(plan.probe.fps),
    posterFile: images ? path.join(plan.outDir, POSTER.file) : null,
    thumbnailFile: images ? path.join(plan.outDir, THUMBNAIL.file) : null,
  };
}
