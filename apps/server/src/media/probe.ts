import path from 'node:path';
import { runFfprobe } from './ffmpeg';
import { MediaInputError, plainMediaMessage } from './plain-errors';

/** What the pipeline needs to know about a source video. */
export interface MediaProbe {
  durationMs: number;
  /** Displayed size: coded size with a ±90° rotation applied. */
  width: number;
  height: number;
  /** Average frame rate (frames per second). */
  fps: number;
  hasAudio: boolean;
  videoCodec: string;
  formatName: string;
}

export { MediaInputError };

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
  disposition?: { attached_pic?: number };
}

interface FfprobeAnswer {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string };
}

// Single pictures and image sequences: ffprobe reads them as one-frame "video".
const IMAGE_FORMATS = /(^|,)(image2|png_pipe|jpeg_pipe|webp_pipe|gif|bmp_pipe|tiff_pipe|svg_pipe|apng)(,|$)/;

function rate(value: string | undefined): number {
  const [num, den] = (value ?? '').split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return 0;
  return num / den;
}

/**
 * Reads a source with ffprobe; a file that can't be read as a video is a MediaInputError whose
 * message names the file as `name` (by default the file's own name).
 */
export async function probeMedia(file: string, signal?: AbortSignal, name = path.basename(file)): Promise<MediaProbe> {
  const notVideo = () => new MediaInputError(plainMediaMessage('unreadable', name), 'unreadable');
  let answer: FfprobeAnswer;
  try {
    answer = await runFfprobe<FfprobeAnswer>(['-show_streams', '-show_format', file], signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    throw notVideo();
  }
  const streams = answer.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const formatName = answer.format?.format_name ?? '';
  if (!video || !video.width || !video.height || IMAGE_FORMATS.test(formatName)) throw notVideo();
  const durationSec = Number(answer.format?.duration ?? video.duration);
  if (!Number.isFinite(durationSec) || durationSec < 0.2)
    throw new MediaInputError(plainMediaMessage('too_short', name), 'too_short');

  const rotation = Number(
    video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
  );
  const quarterTurn = Math.abs(rotation) % 180 === 90;
  const fps = rate(video.avg_frame_rate) || rate(video.r_frame_rate) || 30;
  return {
    durationMs: Math.round(durationSec * 1000),
    width: quarterTurn ? video.height : video.width,
    height: quarterTurn ? video.width : video.height,
    fps,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    videoCodec: video.codec_name ?? 'unknown',
    formatName,
  };
}
