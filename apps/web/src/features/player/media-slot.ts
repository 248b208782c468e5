import type Hls from 'hls.js';
import type { ErrorData, FragBufferedData, Level, LevelSwitchedData, ManifestParsedData } from 'hls.js';
import { htmlLangFor, isLanguage } from '../../shared/i18n/languages';
import { loadHls, playsHlsNatively, type HlsClass } from './hls-loader';
import { claimEarlyPlayer, type EarlyPlayer } from './early-handoff';
import { createHls, startFromLightest } from './hls-setup';
import { mediaRequestHeaders } from './quiet-post';
import { claimWarmStart } from './warm-start';

/** A blob URL of a file fetched with the session headers, or null. */
async function loadWithSession(url: string): Promise<string | null> {
  try {
    const res = await fetch(url, { headers: mediaRequestHeaders(), credentials: 'same-origin' });
    return res.ok ? URL.createObjectURL(await res.blob()) : null;
  } catch {
    return null;
  }
}

export interface SubtitleSource {
  language: string;
  url: string;
}

/** What a slot plays: one episode's master playlist. */
export interface SlotSource {
  episodeId: number;
  url: string;
  subtitles: readonly SubtitleSource[];
}

export type PlaybackErrorKind = 'network' | 'media' | 'unsupported';

export interface PlaybackError {
  kind: PlaybackErrorKind;
  detail: string;
}

/** A rendition the viewer can pick. */
export interface QualityLevel {
  /** hls.js level index. */
  index: number;
  /** The short side in pixels (the "p" of "720p", also for vertical video). */
  height: number;
  bitrate: number;
}

export interface LoadOptions {
  /** Seconds to start at. */
  startAt: number;
  /** Load only the start (the first segment) so the first frame is ready, then wait for `activate()`. */
  preload: boolean;
  /** A rendition height the viewer chose, or null for automatic. */
  preferredHeight: number | null;
  /** Bits per second measured by another slot, so a new one does not start from a blind guess. */
  bandwidthEstimate?: number | undefined;
}

/** How far before the second frame's time a preloaded episode waits (seconds): rounding in the media clock. */
const CUE_MARGIN_S = 0.004;

/**
 * Resolves once the browser has drawn its next frame (or after 100 ms: a hidden tab draws none). hls.js
 * measures the `<video>` as it is attached; right after React has changed the page, that measuring is a
 * layout of the whole page in the middle of the player's start, on top of the frame's own.
 */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = window.setTimeout(resolve, 100);
    window.requestAnimationFrame(() => {
      window.setTimeout(() => {
        window.clearTimeout(fallback);
        resolve();
      }, 0);
    });
  });
}

/**
 * One `<video>` and what feeds it (an hls.js instance, or the browser's own HLS). The player keeps
 * two: the one on screen and the next episode, loaded up to its first frame so a swipe shows it at once.
 */
export class MediaSlot {
  source: SlotSource | null = null;
  levels: QualityLevel[] = [];
  /** Index of the rendition playing now (-1 while unknown). */
  activeLevel = -1;
  error: PlaybackError | null = null;
  /** True between a preload and `activate()`. */
  preloading = false;
  /** The first frame of this load has been shown (`loadeddata`). */
  hasFrame = false;
  /** Where this load started (seconds). */
  startAt = 0;
  /**
   * The last load took over an early player that the browser let play only muted: the player keeps it
   * muted and offers the sound (unmuting it without a tap would stop it).
   */
  adoptedMutedByAutoplay = false;

  /** Frames per second of the renditions (from the master playlist), 0 while unknown. */
  private frameRate = 0;
  private frameCallback: number | null = null;
  private hls: Hls | null = null;
  private Hls: HlsClass | null = null;
  private generation = 0;
  private bufferingPaused = false;
  /** The load in progress, until the `<video>` has its source. */
  private attaching: Promise<void> | null = null;
  private recoveredMediaError = false;
  private readonly onNativeError = () => {
    if (this.hls || !this.source) return;
    const code = this.video.error?.code;
    this.fail(code === MediaError.MEDIA_ERR_NETWORK ? 'network' : 'media', `media error ${String(code ?? '?')}`);
  };
  private readonly onLoadedData = () => {
    if (!this.hasFrame) {
      this.hasFrame = true;
      this.notify();
    }
  };

  constructor(
    readonly video: HTMLVideoElement,
    private readonly notify: () => void,
  ) {
    video.addEventListener('error', this.onNativeError);
    video.addEventListener('loadeddata', this.onLoadedData);
  }

  /** Loads an episode (replacing what was there); settles once the `<video>` has its source. */
  load(source: SlotSource, options: LoadOptions): Promise<void> {
    // The episode index.html already plays in this `<video>` goes on playing (features/player/early-handoff.ts).
    const early = options.preload ? null : claimEarlyPlayer(this.video, source.episodeId, options.startAt);
    if (early) {
      this.adopt(early, source, options);
      return Promise.resolve();
    }
    this.unload();
    const generation = this.generation;
    const attaching = this.attach(source, options, generation);
    this.attaching = attaching;
    return attaching.finally(() => {
      if (generation === this.generation) this.attaching = null;
    });
  }

  /**
   * Runs `callback` once the `<video>` has the source of this load: at once when it has it, else as the
   * load gives it (not at all when another load or an unload comes first). A `play()` before that can be
   * cancelled by the source arriving (an `AbortError`: hls.js with Managed Media Source reloads the element).
   */
  whenAttached(callback: () => void): void {
    const pending = this.attaching;
    if (!pending) {
      callback();
      return;
    }
    const generation = this.generation;
    void pending.then(
      () => {
        if (generation === this.generation) callback();
      },
      () => undefined,
    );
  }

  private async attach(source: SlotSource, options: LoadOptions, generation: number): Promise<void> {
    this.source = source;
    this.preloading = options.preload;
    this.startAt = options.startAt;
    this.setSubtitleTracks(source.subtitles);
    if (options.preload) this.cueSecondFrame(generation);
    this.notify();

    let HlsCtor: HlsClass | null;
    try {
      HlsCtor = await loadHls();
    } catch (error) {
      if (generation === this.generation) this.fail('network', `player code: ${String(error)}`);
      return;
    }
    if (generation !== this.generation) return;

    if (HlsCtor) {
      await afterNextFrame();
      if (generation !== this.generation) return;
      this.attachHls(HlsCtor, source, options);
    } else if (playsHlsNatively(this.video)) {
      this.video.preload = 'auto';
      this.video.src = source.url;
      if (options.startAt > 0) {
        this.video.addEventListener(
          'loadedmetadata',
          () => {
            if (generation === this.generation) this.video.currentTime = options.startAt;
          },
          { once: true },
        );
      }
    } else {
      this.fail('unsupported', 'no HLS support');
    }
  }

  /** Takes over index.html's early player: its hls.js instance, attached to this `<video>`, playing. */
  private adopt(early: EarlyPlayer, source: SlotSource, options: LoadOptions): void {
    this.generation++;
    this.source = source;
    this.preloading = false;
    this.startAt = options.startAt;
    this.hasFrame = this.video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA;
    this.adoptedMutedByAutoplay = early.mutedByAutoplay;
    this.setSubtitleTracks(source.subtitles);
    this.attachHls(early.hls.constructor as HlsClass, source, options, { hls: early.hls, parsed: early.parsed });
    if (options.preferredHeight !== null) this.setQuality(options.preferredHeight);
    this.notify();
  }

  private attachHls(
    HlsCtor: HlsClass,
    source: SlotSource,
    options: LoadOptions,
    adopted?: { hls: Hls; parsed: boolean },
  ): void {
    this.Hls = HlsCtor;
    // An episode being opened may already be loading (started with its playback information).
    const warm =
      adopted ??
      (options.preload || options.preferredHeight !== null ? null : claimWarmStart(source.episodeId, options.startAt));
    const hls =
      warm?.hls ?? createHls(HlsCtor, { startAt: options.startAt, bandwidthEstimate: options.bandwidthEstimate });
    this.hls = hls;
    const { Events } = HlsCtor;
    const takeLevels = (levels: readonly Level[]) => {
      // Renditions are named by their short side, as viewers know them: 720x1280 is "720p".
      this.frameRate = Math.max(0, ...levels.map((level) => level.frameRate || 0));
      this.levels = levels.map((level, index) => ({
        index,
        height: level.width > 0 && level.height > 0 ? Math.min(level.width, level.height) : level.height,
        bitrate: level.bitrate,
      }));
    };
    if (warm?.parsed) {
      takeLevels(hls.levels);
      this.notify();
    } else {
      hls.on(Events.MANIFEST_PARSED, (_event, data: ManifestParsedData) => {
        takeLevels(data.levels);
        const preferred = this.levelIndexFor(options.preferredHeight);
        if (preferred >= 0) {
          hls.startLevel = preferred;
          hls.loadLevel = preferred;
        } else if (!options.bandwidthEstimate) {
          startFromLightest(hls, data.levels);
        }
        hls.startLoad(options.startAt);
        this.notify();
      });
    }
    hls.on(Events.LEVEL_SWITCHED, (_event, data: LevelSwitchedData) => {
      this.activeLevel = data.level;
      this.notify();
    });
    hls.on(Events.FRAG_BUFFERED, (_event, data: FragBufferedData) => {
      // A preloaded episode stops after its first segment: enough for the first frame and the first second.
      if (this.preloading && !this.bufferingPaused && data.frag.type === 'main') {
        this.bufferingPaused = true;
        hls.pauseBuffering();
      }
    });
    hls.on(Events.ERROR, (_event, data: ErrorData) => {
      this.onHlsError(data);
    });
    if (!adopted) hls.attachMedia(this.video);
    if (!warm) hls.loadSource(source.url);
  }

  private onHlsError(data: ErrorData): void {
    const Ctor = this.Hls;
    if (!data.fatal || !Ctor || !this.hls) return;
    if (data.type === Ctor.ErrorTypes.MEDIA_ERROR && !this.recoveredMediaError) {
      // A decoder hiccup is often cured by rebuilding the media pipeline once.
      this.recoveredMediaError = true;
      this.hls.recoverMediaError();
      return;
    }
    this.fail(data.type === Ctor.ErrorTypes.NETWORK_ERROR ? 'network' : 'media', data.details);
  }

  private fail(kind: PlaybackErrorKind, detail: string): void {
    this.error = { kind, detail };
    this.hls?.stopLoad();
    this.notify();
  }

  /**
   * Moves a preloaded episode to the end of its first frame's time, so that a swipe's `play()` shows
   * the second frame at once. The first frame was already drawn while the next episode waited below
   * (and slides in with the finger); from the start of the media, the second frame comes a whole frame
   * later (67 ms at 15 fps), and later still when the first frame's time is not 0 (the packager
   * starts video 67 ms in, after the audio's priming): measured 130–160 ms from the release to the
   * first moving frame before, 50–70 ms less with the cue. The sound skips those few tens of milliseconds.
   */
  private cueSecondFrame(generation: number): void {
    const { video } = this;
    if (typeof video.requestVideoFrameCallback !== 'function') return;
    // Asked before the source is attached: a paused video calls back for its first frame only if asked before it.
    this.frameCallback = video.requestVideoFrameCallback((_now, frame) => {
      this.frameCallback = null;
      if (generation !== this.generation || !this.preloading || !video.paused || video.seeking) return;
      // Unknown rate: 30 fps. At a higher real rate the cue lands a frame or so further, still paused.
      const frameSeconds = 1 / (this.frameRate > 0 ? this.frameRate : 30);
      const cue = frame.mediaTime + frameSeconds - CUE_MARGIN_S;
      if (video.currentTime < cue) video.currentTime = cue;
    });
  }

  /** Makes a preloaded slot load on normally (it is about to play). */
  activate(): void {
    this.preloading = false;
    if (this.bufferingPaused) {
      this.bufferingPaused = false;
      this.hls?.resumeBuffering();
    }
  }

  private levelIndexFor(height: number | null): number {
    if (height === null) return -1;
    return this.levels.findIndex((level) => level.height === height);
  }

  /** Locks a rendition (switching at once) or, with null, returns to automatic choice. */
  setQuality(height: number | null): void {
    const { hls } = this;
    if (!hls) return;
    const index = this.levelIndexFor(height);
    if (index < 0) {
      // Automatic from the next segment on, without throwing away what is buffered.
      hls.loadLevel = -1;
      return;
    }
    if (hls.currentLevel !== index) hls.currentLevel = index;
  }

  /** The rendition the viewer locked, or null in automatic mode. */
  manualHeight(): number | null {
    const hls = this.hls;
    if (!hls || hls.autoLevelEnabled) return null;
    return this.levels[hls.loadLevel]?.height ?? null;
  }

  /** The player's current estimate of the bandwidth (bits per second), when it has one. */
  bandwidthEstimate(): number | undefined {
    const estimate = this.hls?.bandwidthEstimate;
    return estimate && Number.isFinite(estimate) ? estimate : undefined;
  }

  /** Shows the subtitles of one language (rendered by the player, so the mode is `hidden`), or none. */
  selectSubtitles(language: string | null): TextTrack | null {
    let chosen: TextTrack | null = null;
    for (const element of Array.from(this.video.querySelectorAll('track'))) {
      const selected = language !== null && element.dataset.language === language && chosen === null;
      // Browsers without text track support (and test DOMs) have no `track` object.
      if (!(element.track as TextTrack | undefined)) continue;
      element.track.mode = selected ? 'hidden' : 'disabled';
      if (selected) chosen = element.track;
    }
    return chosen;
  }

  private setSubtitleTracks(subtitles: readonly SubtitleSource[]): void {
    for (const old of Array.from(this.video.querySelectorAll('track'))) {
      if (old.src.startsWith('blob:')) URL.revokeObjectURL(old.src);
      old.remove();
    }
    for (const subtitle of subtitles) {
      const track = document.createElement('track');
      track.kind = 'subtitles';
      track.srclang = isLanguage(subtitle.language) ? htmlLangFor(subtitle.language) : subtitle.language;
      track.label = subtitle.language;
      track.dataset.language = subtitle.language;
      // Subtitles come from this site's API, checked per viewer like keys: the session cookie rides
      // along with a <track>'s request; with cookies off the session is a header, which a <track>
      // cannot send, so the file is fetched with it instead.
      if (navigator.cookieEnabled) {
        track.src = subtitle.url;
      } else {
        void loadWithSession(subtitle.url).then((src) => {
          if (!src) return;
          if (track.isConnected) track.src = src;
          else URL.revokeObjectURL(src);
        });
      }
      this.video.appendChild(track);
    }
    // Subtitle files from another origin (a CDN) need CORS; same-origin ones must keep the cookie-less default.
    const crossOrigin = subtitles.some((s) => {
      try {
        return new URL(s.url, window.location.href).origin !== window.location.origin;
      } catch {
        return false;
      }
    });
    if (crossOrigin) this.video.crossOrigin = 'anonymous';
    else this.video.removeAttribute('crossorigin');
  }

  /** Empties the slot. */
  unload(): void {
    this.generation++;
    this.attaching = null;
    if (this.frameCallback !== null && typeof this.video.cancelVideoFrameCallback === 'function')
      this.video.cancelVideoFrameCallback(this.frameCallback);
    this.frameCallback = null;
    this.hls?.destroy();
    this.hls = null;
    this.source = null;
    this.levels = [];
    this.frameRate = 0;
    this.activeLevel = -1;
    this.error = null;
    this.preloading = false;
    this.hasFrame = false;
    this.bufferingPaused = false;
    this.recoveredMediaError = false;
    this.adoptedMutedByAutoplay = false;
    this.video.pause();
    if (this.video.hasAttribute('src') || this.video.currentSrc) {
      this.video.removeAttribute('src');
      this.video.load();
    }
  }

  destroy(): void {
    this.unload();
    this.video.removeEventListener('error', this.onNativeError);
    this.video.removeEventListener('loadeddata', this.onLoadedData);
  }
}
