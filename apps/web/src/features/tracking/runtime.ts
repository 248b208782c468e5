import type { ConfigKey, ConsentDecision, TrackingSettings } from '@episodic/contract';
import { consent, pixelsAllowed } from './consent';
import { startBigoPixel } from './pixels/bigo-pixel';
import { startGoogleAnalytics } from './pixels/google-analytics';
import { startMetaPixel } from './pixels/meta-pixel';
import { pixelIds } from './pixels/script';
import { startTiktokPixel } from './pixels/tiktok-pixel';
import type { Pixel, PixelOptions } from './pixels/types';
import { sendReport } from './report';
import { buildTrackingEvent, registerTrackingSink, type TrackingEvent } from './track';

export interface TrackingStart {
  /** Recognised configuration keys that carry a value (pixel ids). */
  pixels: Partial<Record<ConfigKey, string>>;
  /** From the configuration answer; missing when it could not be fetched (then no pixel starts). */
  settings: TrackingSettings | undefined;
}

const STARTERS: Record<ConfigKey, (ids: string[], options: PixelOptions) => Pixel> = {
  facebook_pixel_id: startMetaPixel,
  google_analytics: startGoogleAnalytics,
  tiktok_pixel: startTiktokPixel,
  bigo_pixel: startBigoPixel,
};

/** Events of this visit kept for pixels that wait for consent: replayed, with their ids, on "Accept". */
const MAX_WAITING = 50;

/**
 * Starts tracking: every event goes to the server report and to each started pixel with the same
 * event id. Pixels start at once, or, where the operator requires consent, after "Accept" (and stop
 * receiving events after a withdrawal). Returns a function that stops it.
 */
export function startTrackingRuntime({ pixels, settings }: TrackingStart): () => void {
  const mode = settings?.consentMode ?? 'off';
  consent.configure(mode);
  const configured = settings
    ? (Object.entries(pixels) as [ConfigKey, string][]).filter(([, value]) => pixelIds(value).length > 0)
    : [];
  let started: Pixel[] | null = null;
  let allowed = pixelsAllowed(consent.get());
  let decision = consent.get().decision;
  const waiting: TrackingEvent[] = [];

  const startPixels = () => {
    if (started || !settings) return;
    started = [];
    for (const [key, value] of configured) {
      try {
        started.push(
          STARTERS[key](pixelIds(value), { scriptUrl: settings.scripts[key], consentRequired: mode === 'required' }),
        );
      } catch {
        // One pixel failing to start must not keep the others (or the product) from working.
      }
    }
  };
  const toPixels = (event: TrackingEvent) => {
    for (const pixel of started ?? []) {
      try {
        pixel.track(event);
      } catch {
        // Same as above.
      }
    }
  };
  const reportedConsent = (): ConsentDecision | null => (mode === 'required' ? consent.get().decision : null);

  if (allowed) startPixels();
  const unsubscribe = consent.subscribe((state) => {
    if (state.decision !== decision) {
      decision = state.decision;
      // The server learns the answer at once: conversions it sends depend on it.
      sendReport(buildTrackingEvent('consent_update'), reportedConsent());
    }
    const nowAllowed = pixelsAllowed(state);
    if (nowAllowed === allowed) return;
    allowed = nowAllowed;
    if (!nowAllowed) {
      waiting.length = 0;
      for (const pixel of started ?? []) pixel.consent(false);
    } else if (started) {
      for (const pixel of started) pixel.consent(true);
    } else {
      startPixels();
      for (const event of waiting.splice(0)) toPixels(event);
    }
  });

  const removeSink = registerTrackingSink((event) => {
    sendReport(event, reportedConsent());
    if (allowed) toPixels(event);
    else if (configured.length > 0 && consent.get().decision === null) {
      waiting.push(event);
      if (waiting.length > MAX_WAITING) waiting.shift();
    }
  });
  return () => {
    unsubscribe();
    removeSink();
    for (const pixel of started ?? []) pixel.stop?.();
  };
}
