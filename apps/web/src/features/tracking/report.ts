import type { ConsentDecision } from '@episodic/contract';
import { contextHeaders } from '../../shared/api/client';
import { StorageKey, readStored } from '../../shared/storage';
import type { TrackingEvent } from './track';

export const REPORT_URL = '/api/reports';

/** The event as `POST /api/reports` takes it (specification §3 fields), trimmed to the server's limits. */
export function reportBody(event: TrackingEvent, consent: ConsentDecision | null): Record<string, unknown> {
  const customData: Record<string, unknown> = { currency: event.custom_data.currency, value: event.custom_data.value };
  if (event.custom_data.order_id) customData.order_id = event.custom_data.order_id.slice(0, 100);
  if (event.custom_data.search_string) customData.search_string = event.custom_data.search_string.slice(0, 200);
  const body: Record<string, unknown> = {
    event_name: event.event_name.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 80),
    event_id: event.event_id,
    event_time: event.event_time,
    currency: event.currency,
    value: event.value,
    custom_data: customData,
    event_source_url: event.event_source_url.slice(0, 2000),
    action_source: event.action_source,
  };
  if (consent) body.consent = consent;
  // Also in the body, for the sendBeacon fallback that cannot send the context headers.
  const refererToken = readStored(StorageKey.refererToken);
  if (refererToken) body.referer_token = refererToken;
  const fbclid = readStored(StorageKey.fbclid);
  if (fbclid) body.fbclid = fbclid;
  const ttclid = readStored(StorageKey.ttclid);
  if (ttclid) body.ttclid = ttclid;
  return body;
}

function beacon(json: string): void {
  try {
    navigator.sendBeacon(REPORT_URL, new Blob([json], { type: 'application/json' }));
  } catch {
    // Nothing else to try: the event is lost, the page is not.
  }
}

/**
 * Reports an event to the server: a keepalive request with the usual headers (so it completes even
 * when the page is closing, and identifies the viewer when cookies are off), `sendBeacon` when that
 * request cannot be made. Never shows anything and never reports its own failures.
 */
export function sendReport(event: TrackingEvent, consent: ConsentDecision | null): void {
  const json = JSON.stringify(reportBody(event, consent));
  const headers = contextHeaders();
  headers.set('Content-Type', 'application/json');
  try {
    fetch(REPORT_URL, { method: 'POST', headers, body: json, keepalive: true, credentials: 'same-origin' })
      // The answer is read to its end: an unread body leaves the request open, and the page never looks
      // settled to tools that wait for the network to go quiet.
      .then((response) => response.arrayBuffer())
      .catch(() => {
        beacon(json);
      });
  } catch {
    beacon(json);
  }
}
