import type { TrackingEvent } from '../track';

/** A started pixel: it receives every tracking event while marketing pixels are allowed. */
export interface Pixel {
  name: string;
  track(event: TrackingEvent): void;
  /** The visitor's consent changed after the pixel started (only where consent is required). */
  consent(granted: boolean): void;
  /** Tracking stopped: nothing more is loaded or retried. */
  stop?(): void;
}

export interface PixelOptions {
  /** Where the pixel's library is loaded from (configurable, so tests can serve stand-ins). */
  scriptUrl: string;
  /** Consent is required: the platforms get explicit consent signals. */
  consentRequired: boolean;
}

/** Text fields of the event's data worth passing on (content ids and names, plan, series). */
export function dataText(event: TrackingEvent, name: string): string | undefined {
  const value = event.data[name];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
