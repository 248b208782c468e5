import { useEffect, useRef, useState } from 'react';
import { loadHls, previewPlaylistPath } from '../../features/subtitles';

const CANNOT_PLAY = 'The video could not be played here. Check that its media is ready, then reopen this window.';

/**
 * Attaches the episode's preview stream (encrypted HLS) to the video: hls.js where the browser has
 * Media Source Extensions, the browser's own HLS otherwise. Returns a problem to show, or null.
 */
function usePreviewStream(video: React.RefObject<HTMLVideoElement | null>, episodeId: number, enabled: boolean) {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const element = video.current;
    if (!enabled || !element) return;
    const src = previewPlaylistPath(episodeId);
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setProblem(null);
    loadHls().then(
      (Hls) => {
        if (cancelled) return;
        if (!Hls) {
          if (element.canPlayType('application/vnd.apple.mpegurl')) element.src = src;
          else setProblem('This browser cannot play the preview.');
          return;
        }
        const hls = new Hls();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setProblem(CANNOT_PLAY);
        });
        hls.loadSource(src);
        hls.attachMedia(element);
        destroy = () => {
          hls.destroy();
        };
      },
      () => {
        if (!cancelled) setProblem('The player could not be loaded. Check your connection and reopen this window.');
      },
    );
    return () => {
      cancelled = true;
      destroy?.();
      element.removeAttribute('src');
    };
  }, [video, episodeId, enabled]);
  return problem;
}

/**
 * The episode's video (draft or published) with one subtitle track over it. `trackSrc` is an object
 * URL of the uploaded WebVTT text, so the operator sees exactly the file they uploaded.
 */
export function PreviewVideo({
  episodeId,
  mediaReady,
  poster,
  track,
}: {
  episodeId: number;
  mediaReady: boolean;
  poster: string | null;
  track: { src: string; language: string; label: string };
}) {
  const video = useRef<HTMLVideoElement>(null);
  const problem = usePreviewStream(video, episodeId, mediaReady);
  return (
    <div className="flex w-48 flex-col gap-2">
      <video
        ref={video}
        controls
        playsInline
        poster={poster ?? undefined}
        className="aspect-[9/16] w-48 rounded-lg bg-zinc-900"
        aria-label={`Preview of the ${track.label} subtitles`}
      >
        <track key={track.src} kind="subtitles" srcLang={track.language} label={track.label} src={track.src} default />
      </video>
      {!mediaReady ? (
        <p className="text-xs text-zinc-500">The video plays here once its media is ready.</p>
      ) : problem ? (
        <p role="alert" className="text-xs text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
