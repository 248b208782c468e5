import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarlyPlayer } from './early-handoff';
import type { HlsClass } from './hls-loader';
import { loadHls } from './hls-loader';
import { PlayerEngine, type SlotSource } from './player-engine';

vi.mock('./hls-loader', () => ({ loadHls: vi.fn(), playsHlsNatively: () => false }));
vi.mock('./hls-setup', () => ({
  createHls: (Ctor: new () => unknown) => new Ctor(),
  startFromLightest: () => undefined,
}));
vi.mock('./warm-start', () => ({ claimWarmStart: () => null }));

/** What each `<video>` went through, in order: `attach` (hls.js gave it its source), `play`, `pause`. */
const history = new Map<HTMLVideoElement, string[]>();
const attached = new Set<HTMLVideoElement>();
const playing = new Set<HTMLVideoElement>();

function record(video: HTMLVideoElement, what: string): void {
  history.set(video, [...(history.get(video) ?? []), what]);
}

/** Stands in for hls.js: attaching gives the `<video>` its source, as `attachMedia` does. */
class FakeHls {
  static Events = { MANIFEST_PARSED: 'm', LEVEL_SWITCHED: 'l', FRAG_BUFFERED: 'f', ERROR: 'e' };
  static ErrorTypes = { MEDIA_ERROR: 'media', NETWORK_ERROR: 'network' };
  levels = [];
  loadLevel = -1;
  on(): void {}
  loadSource(): void {}
  resumeBuffering(): void {}
  attachMedia(video: HTMLVideoElement): void {
    // With Managed Media Source (Safari, iOS) hls.js reloads the element: a play() made before is cancelled.
    playing.delete(video);
    attached.add(video);
    record(video, 'attach');
  }
  destroy(): void {}
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const episode = (id: number): SlotSource => ({
  episodeId: id,
  url: `/api/media/episodes/${String(id)}/master.m3u8`,
  subtitles: [],
});

describe('PlayerEngine', () => {
  let videos: HTMLVideoElement[];
  let engine: PlayerEngine;

  beforeEach(() => {
    history.clear();
    attached.clear();
    playing.clear();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      const video = this as HTMLVideoElement;
      record(video, 'play');
      if (attached.has(video)) playing.add(video);
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      const video = this as HTMLVideoElement;
      if (playing.delete(video)) record(video, 'pause');
    });
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    videos = [document.createElement('video'), document.createElement('video')];
    engine = new PlayerEngine(videos);
  });

  afterEach(() => {
    engine.destroy();
  });

  /** Episode 1 on screen and playing, episode 2 being preloaded in the other slot until `hls` resolves. */
  async function preloadingNext() {
    vi.mocked(loadHls).mockResolvedValue(FakeHls as unknown as HlsClass);
    engine.show(episode(1));
    await vi.waitFor(() => {
      expect(playing.has(videos[0]!)).toBe(true);
    });
    const hls = deferred<HlsClass | null>();
    vi.mocked(loadHls).mockReturnValue(hls.promise);
    engine.preload(episode(2));
    return hls;
  }

  it('plays a preloaded episode that is moved on screen before its source is attached, once it is', async () => {
    const hls = await preloadingNext();
    // The viewer presses ArrowDown while the next episode's player is still starting (a slow phone).
    engine.show(episode(2));
    expect(playing.has(videos[0]!)).toBe(false);
    hls.resolve(FakeHls as unknown as HlsClass);
    await vi.waitFor(() => {
      expect(history.get(videos[1]!)).toContain('attach');
    });
    await vi.waitFor(() => {
      expect(playing.has(videos[1]!)).toBe(true);
    });
    // Never a play() that the source would cancel.
    expect(history.get(videos[1]!)).toEqual(['attach', 'play']);
  });

  it('does not start an episode waiting for its source once the viewer paused it', async () => {
    const hls = await preloadingNext();
    engine.show(episode(2));
    engine.pause();
    hls.resolve(FakeHls as unknown as HlsClass);
    await vi.waitFor(() => {
      expect(history.get(videos[1]!)).toContain('attach');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(playing.has(videos[1]!)).toBe(false);
  });

  it('starts an attached preloaded episode within the gesture that shows it', async () => {
    const hls = await preloadingNext();
    hls.resolve(FakeHls as unknown as HlsClass);
    await vi.waitFor(() => {
      expect(history.get(videos[1]!)).toEqual(['attach']);
    });
    engine.show(episode(2));
    // Synchronously: the tap's permission to play with sound still holds.
    expect(playing.has(videos[1]!)).toBe(true);
    expect(playing.has(videos[0]!)).toBe(false);
  });

  describe('taking over the episode index.html already plays (early-handoff.ts)', () => {
    let early: EarlyPlayer;
    let destroyed: boolean;

    beforeEach(() => {
      destroyed = false;
      const hls = new FakeHls();
      hls.destroy = () => {
        destroyed = true;
      };
      // Attached and playing, as boot/early-player.ts leaves it; the stage put its <video> in slot 0.
      attached.add(videos[0]!);
      playing.add(videos[0]!);
      Object.defineProperty(videos[0]!, 'paused', { configurable: true, get: () => !playing.has(videos[0]!) });
      Object.defineProperty(videos[0]!, 'readyState', { configurable: true, value: 4 });
      early = {
        episodeId: 1,
        startAt: 0,
        hls: hls as unknown as EarlyPlayer['hls'],
        video: videos[0]!,
        overlay: document.createElement('div'),
        parsed: true,
        failed: false,
        mutedByAutoplay: true,
        release: vi.fn(),
      };
      window.__episodicEarlyPlayer = early;
    });

    afterEach(() => {
      window.__episodicEarlyPlayer = undefined;
    });

    it('plays on in the same <video> with the same instance, never paused, reloaded or unmuted', async () => {
      const firstFrame = vi.fn();
      engine.on('firstframe', firstFrame);
      engine.show(episode(1));
      expect(playing.has(videos[0]!)).toBe(true);
      expect(history.get(videos[0]!) ?? []).not.toContain('attach');
      expect(history.get(videos[0]!) ?? []).not.toContain('pause');
      expect(early.release).toHaveBeenCalled();
      expect(window.__episodicEarlyPlayer).toBeUndefined();
      expect(destroyed).toBe(false);
      // The browser let it play only muted: it stays muted, and the player offers the sound.
      expect(videos[0]!.muted).toBe(true);
      expect(engine.getSnapshot()).toMatchObject({ episodeId: 1, mutedByAutoplay: true, ready: true, currentSlot: 0 });
      // Its first frame is already on screen, with no `playing` event to come.
      await vi.waitFor(() => {
        expect(firstFrame).toHaveBeenCalledWith(1);
      });
      // The player's commands act on it.
      engine.pause();
      expect(playing.has(videos[0]!)).toBe(false);
    });

    it('stops it when the player shows another episode, or none', async () => {
      vi.mocked(loadHls).mockResolvedValue(FakeHls as unknown as HlsClass);
      engine.show(episode(2));
      expect(destroyed).toBe(true);
      expect(window.__episodicEarlyPlayer).toBeUndefined();
      await vi.waitFor(() => {
        expect(history.get(videos[0]!)).toContain('attach');
      });

      window.__episodicEarlyPlayer = { ...early, release: vi.fn() };
      destroyed = false;
      engine.show(null);
      expect(destroyed).toBe(true);
      expect(window.__episodicEarlyPlayer).toBeUndefined();
    });
  });

  describe('with frame callbacks and a viewer who has interacted (a browser)', () => {
    let frameCallbacks: Map<HTMLVideoElement, VideoFrameRequestCallback[]>;
    /** Presents a frame of a video: runs the callbacks waiting for one. */
    const present = (video: HTMLVideoElement, mediaTime: number) => {
      const callbacks = frameCallbacks.get(video) ?? [];
      frameCallbacks.set(video, []);
      for (const callback of callbacks)
        callback(performance.now(), { mediaTime } as unknown as VideoFrameCallbackMetadata);
    };

    beforeEach(() => {
      frameCallbacks = new Map();
      let id = 0;
      HTMLVideoElement.prototype.requestVideoFrameCallback = function (
        this: HTMLVideoElement,
        callback: VideoFrameRequestCallback,
      ) {
        frameCallbacks.set(this, [...(frameCallbacks.get(this) ?? []), callback]);
        return ++id;
      };
      HTMLVideoElement.prototype.cancelVideoFrameCallback = function (this: HTMLVideoElement) {
        frameCallbacks.set(this, []);
      };
    });

    afterEach(() => {
      // @ts-expect-error -- jsdom has no frame callbacks: removed again for the other tests
      delete HTMLVideoElement.prototype.requestVideoFrameCallback;
      // @ts-expect-error -- as above
      delete HTMLVideoElement.prototype.cancelVideoFrameCallback;
      vi.unstubAllGlobals();
    });

    it('waits with a preloaded episode at the end of its first frame, so that playing shows the second at once', async () => {
      const hls = await preloadingNext();
      hls.resolve(FakeHls as unknown as HlsClass);
      await vi.waitFor(() => {
        expect(history.get(videos[1]!)).toEqual(['attach']);
      });
      // The first frame at 67 ms (video after the audio's priming); the rate unknown, so 30 fps.
      present(videos[1]!, 0.067);
      expect(videos[1]!.currentTime).toBeCloseTo(0.067 + 1 / 30 - 0.004, 5);
      // The episode on screen (not a preload) is never moved.
      present(videos[0]!, 0.5);
      expect(videos[0]!.currentTime).toBe(0);
    });

    it('starts the cued episode with the sound as the viewer has it', async () => {
      const hls = await preloadingNext();
      hls.resolve(FakeHls as unknown as HlsClass);
      await vi.waitFor(() => {
        expect(history.get(videos[1]!)).toEqual(['attach']);
      });
      present(videos[1]!, 0.067);
      engine.show(episode(2));
      expect(playing.has(videos[1]!)).toBe(true);
      expect(videos[1]!.muted).toBe(false);
      expect(engine.getSnapshot().muted).toBe(false);
    });
  });
});
