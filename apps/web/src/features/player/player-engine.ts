import { discardEarlyPlayer, peekEarlyPlayer } from './early-handoff';
import { MediaSlot, type SlotSource } from './media-slot';
import { INITIAL_SNAPSHOT, attempt, cueText, type PlayerSnapshot } from './player-snapshot';

export type { PlaybackError, SlotSource } from './media-slot';
export type { PlayerSnapshot } from './player-snapshot';

export type PlayerEvent = 'firstframe' | 'play' | 'pause' | 'ended' | 'timeupdate';
type EventListener = (episodeId: number) => void;

/** The `<video>` events that change what the player shows. */
const MEDIA_EVENTS = [
  ...['play', 'pause', 'playing', 'waiting', 'canplay', 'timeupdate', 'durationchange', 'ended', 'ratechange'],
  ...['volumechange', 'seeking', 'seeked', 'loadeddata', 'emptied'],
];

/**
 * Two video slots behind one set of commands: the episode on screen, and the next one loaded up to
 * its first frame. Switching to a preloaded episode reuses its slot, so its picture is there at once.
 */
export class PlayerEngine {
  private readonly slots: MediaSlot[];
  private current = -1;
  private snapshot: PlayerSnapshot = INITIAL_SNAPSHOT;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Map<PlayerEvent, Set<EventListener>>();
  private readonly prefs = { rate: 1, muted: false, quality: null as number | null, subtitles: null as string | null };
  private mutedByAutoplay = false;
  private buffering = false;
  private startedPlaying = false;
  /** Counts play and pause requests: a play waiting for its source is dropped after a pause. */
  private playRequest = 0;
  private track: TextTrack | null = null;
  private readonly cleanups: (() => void)[] = [];
  private readonly onCueChange = () => {
    this.refresh();
  };

  constructor(videos: readonly HTMLVideoElement[]) {
    this.slots = videos.map((video) => new MediaSlot(video, () => this.refresh()));
    this.slots.forEach((slot, index) => {
      for (const type of MEDIA_EVENTS) {
        const listener = (event: Event) => {
          this.onMediaEvent(index, event.type);
        };
        slot.video.addEventListener(type, listener);
        this.cleanups.push(() => {
          slot.video.removeEventListener(type, listener);
        });
      }
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): PlayerSnapshot => this.snapshot;

  /** Listens to one kind of moment of the episode on screen; returns the unsubscribe function. */
  on(event: PlayerEvent, listener: EventListener): () => void {
    let set = this.eventListeners.get(event);
    if (!set) {
      set = new Set();
      this.eventListeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  private emit(event: PlayerEvent): void {
    const id = this.currentSlot()?.source?.episodeId;
    if (id === undefined) return;
    for (const listener of this.eventListeners.get(event) ?? []) listener(id);
  }

  private currentSlot(): MediaSlot | undefined {
    return this.current >= 0 ? this.slots[this.current] : undefined;
  }

  /** The `<video>` on screen, if any. */
  get video(): HTMLVideoElement | null {
    return this.currentSlot()?.video ?? null;
  }

  private onMediaEvent(index: number, type: string): void {
    if (index !== this.current) {
      // A preloaded slot reporting its first frame changes what the feed can show.
      if (type === 'loadeddata') this.refresh();
      return;
    }
    const video = this.slots[index]?.video;
    if (!video) return;
    switch (type) {
      case 'waiting':
        this.buffering = true;
        break;
      case 'playing':
        this.buffering = false;
        if (!this.startedPlaying) {
          this.startedPlaying = true;
          this.whenFramePresented(video, () => {
            this.emit('firstframe');
          });
        }
        break;
      case 'canplay':
      case 'seeked':
        if (video.paused) this.buffering = false;
        break;
      case 'play':
        this.emit('play');
        break;
      case 'pause':
        this.buffering = false;
        if (!video.ended) this.emit('pause');
        break;
      case 'ended':
        this.buffering = false;
        this.emit('ended');
        break;
      case 'timeupdate':
        this.emit('timeupdate');
        break;
      default:
        break;
    }
    this.refresh();
  }

  private whenFramePresented(video: HTMLVideoElement, callback: () => void): void {
    const slotIndex = this.current;
    const episode = this.currentSlot()?.source?.episodeId;
    const run = () => {
      if (this.current === slotIndex && this.currentSlot()?.source?.episodeId === episode) callback();
    };
    if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(run);
    else run();
  }

  private refresh(): void {
    const slot = this.currentSlot();
    const video = slot?.video;
    const source = slot?.source ?? null;
    const levels = slot?.levels ?? [];
    const qualities = [...new Set(levels.map((l) => l.height).filter((h) => h > 0))].sort((a, b) => b - a);
    const active = slot && slot.activeLevel >= 0 ? (levels[slot.activeLevel]?.height ?? null) : null;
    const duration = video && Number.isFinite(video.duration) ? video.duration : 0;
    const next: PlayerSnapshot = {
      currentSlot: source ? this.current : -1,
      slotEpisodes: this.slots.map((s) => s.source?.episodeId ?? null),
      episodeId: source?.episodeId ?? null,
      paused: video ? video.paused : true,
      ended: video ? video.ended : false,
      ready: Boolean(slot?.hasFrame),
      buffering: this.buffering,
      currentTime: video ? video.currentTime : 0,
      duration,
      rate: this.prefs.rate,
      muted: video ? video.muted : this.prefs.muted,
      mutedByAutoplay: this.mutedByAutoplay,
      error: slot?.error ?? null,
      qualities,
      quality: this.prefs.quality,
      activeHeight: active,
      subtitles: this.track ? this.prefs.subtitles : null,
      cue: cueText(this.track),
    };
    const previous = this.snapshot;
    const changed = (Object.keys(next) as (keyof PlayerSnapshot)[]).some((key) =>
      key === 'slotEpisodes' || key === 'qualities'
        ? JSON.stringify(next[key]) !== JSON.stringify(previous[key])
        : next[key] !== previous[key],
    );
    if (!changed) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  /** Whether a slot holds this episode with its first frame ready (a swipe to it shows a picture at once). */
  isPreloaded(episodeId: number): boolean {
    return this.slots.some((slot) => slot.source?.episodeId === episodeId && slot.hasFrame);
  }

  /**
   * Puts an episode on screen: the slot already holding it (preloaded, or shown before), else a free
   * slot loads it. Null shows nothing (a locked episode): every slot pauses. Showing the episode that
   * is already on screen changes nothing.
   */
  show(
    source: SlotSource | null,
    { startAt = 0, autoplay = true, keep }: { startAt?: number; autoplay?: boolean; keep?: number | null } = {},
  ): void {
    const showing = this.currentSlot()?.source?.episodeId;
    if (source && showing === source.episodeId) return;
    this.playRequest++;
    // The episode index.html already plays, in the slot holding its `<video>`, plays on (early-handoff.ts).
    const early = source ? this.slots.findIndex((s) => peekEarlyPlayer(s.video, source.episodeId, startAt)) : -1;
    this.slots.forEach((slot, i) => {
      if (i !== early) slot.video.pause();
    });
    this.detachTrack();
    this.buffering = false;
    this.startedPlaying = false;
    if (!source) {
      discardEarlyPlayer();
      this.current = -1;
      this.refresh();
      return;
    }
    let index = this.slots.findIndex((slot) => slot.source?.episodeId === source.episodeId);
    if (index < 0 && early >= 0) {
      this.current = early;
      this.loadInto(this.slots[early], source, startAt, autoplay);
      if (!autoplay) this.slots[early]?.video.pause();
    } else if (index < 0) {
      // Keep the slot holding `keep` (the episode to preload next) when there is a choice.
      const free = this.slots.findIndex((slot, i) => i !== this.current && slot.source?.episodeId !== keep);
      index = free >= 0 ? free : this.slots.findIndex((slot) => slot.source?.episodeId !== keep);
      if (index < 0) index = 0;
      const slot = this.slots[index];
      this.current = index;
      this.loadInto(slot, source, startAt, autoplay);
    } else {
      const slot = this.slots[index];
      this.current = index;
      if (slot?.error) {
        this.loadInto(slot, source, slot.video.currentTime || startAt, autoplay);
      } else {
        slot?.activate();
        if (slot && startAt > 0 && slot.video.currentTime < 0.5) slot.video.currentTime = startAt;
        else if (slot?.video.ended) slot.video.currentTime = 0;
        slot?.setQuality(this.prefs.quality);
        this.applyPrefs();
        if (autoplay) this.play();
      }
    }
    this.refresh();
  }

  /** Loads an episode into a slot that is (or becomes) the one on screen, then plays it when asked. */
  private loadInto(slot: MediaSlot | undefined, source: SlotSource, startAt: number, autoplay: boolean): void {
    if (!slot) return;
    const loading = slot.load(source, {
      startAt,
      preload: false,
      preferredHeight: this.prefs.quality,
      bandwidthEstimate: this.bestEstimate(),
    });
    if (slot.adoptedMutedByAutoplay) {
      this.prefs.muted = true;
      this.mutedByAutoplay = true;
    }
    this.applyPrefs();
    // Taken over playing: its first frame may be on screen already, with no `playing` event to come.
    if (!slot.video.paused && slot.video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) {
      this.startedPlaying = true;
      this.whenFramePresented(slot.video, () => {
        this.emit('firstframe');
      });
    }
    void loading.then(() => {
      if (this.currentSlot() !== slot || slot.source?.episodeId !== source.episodeId) return;
      // A new source resets the element: rate, sound and subtitles are applied again.
      this.applyPrefs();
      // A play() before the source is attached would be cancelled by the load itself.
      if (autoplay) this.play();
    });
  }

  /** Loads an episode into the slot that is not on screen, up to its first frame. */
  preload(source: SlotSource | null): void {
    if (!source || this.current < 0) return;
    if (this.slots.some((slot) => slot.source?.episodeId === source.episodeId)) return;
    const other = this.slots.findIndex((_, i) => i !== this.current);
    const slot = this.slots[other];
    if (!slot) return;
    slot.video.muted = this.prefs.muted;
    void slot.load(source, {
      startAt: 0,
      preload: true,
      preferredHeight: this.prefs.quality,
      bandwidthEstimate: this.bestEstimate(),
    });
  }

  private bestEstimate(): number | undefined {
    return this.slots.map((s) => s.bandwidthEstimate()).find((e) => e !== undefined);
  }

  private applyPrefs(): void {
    const video = this.video;
    if (!video) return;
    video.playbackRate = this.prefs.rate;
    video.defaultPlaybackRate = this.prefs.rate;
    video.muted = this.prefs.muted;
    this.attachTrack();
  }

  private detachTrack(): void {
    this.track?.removeEventListener('cuechange', this.onCueChange);
    this.track = null;
  }

  private attachTrack(): void {
    this.detachTrack();
    const slot = this.currentSlot();
    if (!slot) return;
    this.track = slot.selectSubtitles(this.prefs.subtitles);
    this.track?.addEventListener('cuechange', this.onCueChange);
  }

  /**
   * Starts playing, once the source is attached (a preloaded episode may still be starting); when the
   * browser refuses sound without a tap, plays muted and says so.
   */
  play(): void {
    const slot = this.currentSlot();
    if (!slot) return;
    const request = ++this.playRequest;
    slot.whenAttached(() => {
      if (request === this.playRequest && this.currentSlot() === slot) this.start(slot.video);
    });
  }

  private start(video: HTMLVideoElement): void {
    if (video.ended) video.currentTime = 0;
    attempt(video).catch((error: unknown) => {
      if (!(error instanceof DOMException) || error.name !== 'NotAllowedError' || video.muted || video !== this.video)
        return;
      this.prefs.muted = true;
      this.mutedByAutoplay = true;
      video.muted = true;
      attempt(video).catch(() => {
        // Even muted playback refused (data saver, power saving): the play button stays for a tap.
        this.refresh();
      });
      this.refresh();
    });
  }

  pause(): void {
    this.playRequest++;
    this.video?.pause();
  }

  /** Play or pause; returns whether it is playing now. */
  toggle(): boolean {
    const video = this.video;
    if (!video) return false;
    if (video.paused || video.ended) {
      this.play();
      return true;
    }
    this.pause();
    return false;
  }

  seek(seconds: number): void {
    const video = this.video;
    if (!video) return;
    const duration = Number.isFinite(video.duration) ? video.duration : seconds;
    video.currentTime = Math.max(0, Math.min(seconds, duration));
    this.refresh();
  }

  setRate(rate: number): void {
    this.prefs.rate = rate;
    this.applyPrefs();
    this.refresh();
  }

  setMuted(muted: boolean): void {
    this.prefs.muted = muted;
    if (!muted) this.mutedByAutoplay = false;
    const video = this.video;
    if (video) video.muted = muted;
    this.refresh();
  }

  /** Locks a rendition height (this and later episodes), or null for automatic. */
  setQuality(height: number | null): void {
    this.prefs.quality = height;
    this.currentSlot()?.setQuality(height);
    this.refresh();
  }

  /** Shows subtitles in a language (when the episode has them), or none. */
  setSubtitles(language: string | null): void {
    this.prefs.subtitles = language;
    this.attachTrack();
    this.refresh();
  }

  retry(): void {
    const slot = this.currentSlot();
    const source = slot?.source;
    if (!slot || !source) return;
    const at = slot.video.currentTime > 0 ? slot.video.currentTime : slot.startAt;
    this.loadInto(slot, source, at, true);
    this.refresh();
  }

  destroy(): void {
    this.detachTrack();
    for (const cleanup of this.cleanups) cleanup();
    for (const slot of this.slots) slot.destroy();
    this.listeners.clear();
    this.eventListeners.clear();
  }
}
