/**
 * Product analytics events (specification §3–4). `track()` builds the event; sinks deliver it
 * (advertising pixels, the server report). Until the first sink registers, events wait in a short queue.
 */

import { randomId } from '../../shared/random-id';

export interface TrackingCustomData {
  currency: string;
  value: number;
  order_id?: string;
  search_string?: string;
}

export interface TrackingEvent {
  event_name: string;
  /** Unix time in seconds. */
  event_time: number;
  /** Unique per event so pixels and the server report can be deduplicated. */
  event_id: string;
  event_source_url: string;
  action_source: 'website';
  currency: string;
  value: number;
  custom_data: TrackingCustomData;
  /** Names with an underscore, and `search`, go to the ad platforms as custom events. */
  custom: boolean;
  /** Everything the caller passed, for sinks that report more than the standard fields. */
  data: Record<string, unknown>;
}

export type TrackingSink = (event: TrackingEvent) => void | Promise<void>;

export const MAX_PENDING_EVENTS = 50;
const DEFAULT_CURRENCY = 'USD';

const sinks = new Set<TrackingSink>();
const pending: TrackingEvent[] = [];

function asText(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Whether ad platforms receive the event as a custom one (specification §4). */
export function isCustomEvent(eventName: string): boolean {
  return eventName.includes('_') || eventName === 'search';
}

const EVENT_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * Builds an event. `data.event_id` sets the event id where the server derives the same one for its own
 * report of the conversion (see `conversionEventId`); otherwise every event gets a new random id.
 */
export function buildTrackingEvent(eventName: string, data: Record<string, unknown> = {}): TrackingEvent {
  const value = typeof data.value === 'number' && Number.isFinite(data.value) ? data.value : 0;
  const currency = typeof data.currency === 'string' && data.currency ? data.currency : DEFAULT_CURRENCY;
  const customData: TrackingCustomData = { currency, value };
  const orderId = asText(data.order_id);
  if (orderId !== undefined) customData.order_id = orderId;
  const searchString = asText(data.search_string);
  if (searchString !== undefined) customData.search_string = searchString;
  return {
    event_name: eventName,
    event_time: Math.floor(Date.now() / 1000),
    event_id: typeof data.event_id === 'string' && EVENT_ID.test(data.event_id) ? data.event_id : randomId(),
    event_source_url: window.location.href,
    action_source: 'website',
    currency,
    value,
    custom_data: customData,
    custom: isCustomEvent(eventName),
    data: { ...data },
  };
}

function deliver(sink: TrackingSink, event: TrackingEvent): void {
  // Analytics must never break the feature that reports it: swallow sync throws and async rejections.
  try {
    const result = sink(event);
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    // Ignored on purpose (see above).
  }
}

/** Records an analytics event and hands it to every registered sink. Never throws. */
export function track(eventName: string, data?: Record<string, unknown>): TrackingEvent | undefined {
  let event: TrackingEvent;
  try {
    event = buildTrackingEvent(eventName, data);
  } catch {
    return undefined;
  }
  if (sinks.size === 0) {
    pending.push(event);
    if (pending.length > MAX_PENDING_EVENTS) pending.splice(0, pending.length - MAX_PENDING_EVENTS);
    return event;
  }
  for (const sink of [...sinks]) deliver(sink, event);
  return event;
}

/** Adds a sink; the first one also receives the events queued before it. Returns a function that removes it. */
export function registerTrackingSink(sink: TrackingSink): () => void {
  sinks.add(sink);
  if (sinks.size === 1 && pending.length > 0) {
    for (const event of pending.splice(0)) deliver(sink, event);
  }
  return () => {
    sinks.delete(sink);
  };
}
