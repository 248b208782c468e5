import { FfmpegError } from './ffmpeg';

/** What went wrong with a source video, in the terms its uploader can act on. */
export type MediaFailure =
  'unreadable' | 'too_short' | 'damaged' | 'missing' | 'stalled' | 'episode_gone' | 'unexpected';

/** A source that can't be packaged; its message is meant for the person who uploaded it. */
export class MediaInputError extends Error {
  constructor(
    message: string,
    readonly failure: MediaFailure = 'unreadable',
  ) {
    super(message);
    this.name = 'MediaInputError';
  }
}

const EXPORT_AGAIN = 'Export it again as MP4 (H.264) and upload it.';

/**
 * The message an operator reads about their file: it names the file as they chose it and says what
 * to do, without the tools, ids or stack behind it (those go to the server log).
 */
export function plainMediaMessage(failure: MediaFailure, fileName: string): string {
  const file = fileName ? `“${fileName}”` : 'The video';
  switch (failure) {
    case 'unreadable':
      return `${file} could not be read as a video. ${EXPORT_AGAIN}`;
    case 'too_short':
      return `${file} is too short to be an episode. Upload the whole episode.`;
    case 'damaged':
      return `${file} could not be converted: it may be damaged or incomplete. ${EXPORT_AGAIN}`;
    case 'missing':
      return `${file} could not be found on the server. Upload it again.`;
    case 'stalled':
      return `Preparing ${fileName ? file : 'the video'} stopped several times without finishing. Upload it again.`;
    case 'episode_gone':
      return `The episode was deleted while ${fileName ? file : 'its video'} was being prepared.`;
    case 'unexpected':
      return `${file} could not be prepared because of a problem on our side. Upload it again in a few minutes; if it fails again, tell the technical team.`;
  }
}

/** Which failure an error of the pipeline is. */
export function mediaFailureOf(err: unknown): MediaFailure {
  if (err instanceof MediaInputError) return err.failure;
  // An encoder that stops on a source it could open: a damaged or truncated file.
  if (err instanceof FfmpegError) return err.exitCode === null ? 'unexpected' : 'damaged';
  return 'unexpected';
}
