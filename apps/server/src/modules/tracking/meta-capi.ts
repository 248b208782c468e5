import type { ConversionPayload, DeliveryOutcome } from './conversion-payload';

export interface MetaConfig {
  accessToken: string;
  apiUrl: string;
  testEventCode: string | null;
}

/** Meta's click id parameter: `fb.1.<first seen, ms>.<fbclid>` (subdomain index 1: the site's own domain). */
export function metaFbc(fbclid: string | null, seenAt: number | null): string | null {
  if (!fbclid) return null;
  return `fb.1.${String(seenAt ?? Date.now())}.${fbclid}`;
}

/** One server event of the Conversions API. */
export function metaServerEvent(p: ConversionPayload): Record<string, unknown> {
  const userData: Record<string, unknown> = { external_id: [p.externalIdSha256] };
  if (p.emailSha256) userData.em = [p.emailSha256];
  if (p.ip) userData.client_ip_address = p.ip;
  if (p.userAgent) userData.client_user_agent = p.userAgent;
  const fbc = metaFbc(p.fbclid, p.fbclidSeenAt);
  if (fbc) userData.fbc = fbc;
  if (p.fbp) userData.fbp = p.fbp;
  const customData: Record<string, unknown> = {};
  if (p.value !== null) customData.value = p.value;
  if (p.currency) customData.currency = p.currency;
  if (p.orderId) customData.order_id = p.orderId;
  return {
    event_name: p.eventName,
    event_time: p.eventTime,
    event_id: p.eventId,
    action_source: 'website',
    event_source_url: p.eventSourceUrl,
    user_data: userData,
    custom_data: customData,
  };
}

/** The request body for `POST {apiUrl}/{pixelId}/events` (the token travels in the body, not the address). */
export function metaRequestBody(p: ConversionPayload, config: MetaConfig): Record<string, unknown> {
  return {
    data: [metaServerEvent(p)],
    access_token: config.accessToken,
    ...(config.testEventCode ? { test_event_code: config.testEventCode } : {}),
  };
}

interface MetaAnswer {
  events_received?: number;
  error?: { message?: string; code?: number; is_transient?: boolean };
}

/** Sends one event to a pixel. Retries on transport errors, 5xx, 429 and errors Meta calls transient. */
export async function sendToMeta(
  pixelId: string,
  p: ConversionPayload,
  config: MetaConfig,
  timeoutMs = 10_000,
): Promise<DeliveryOutcome> {
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl}/${encodeURIComponent(pixelId)}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(metaRequestBody(p, config)),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    return { ok: false, retry: true, error: `Meta did not answer: ${(err as Error).message}` };
  }
  const answer = (await res.json().catch(() => ({}))) as MetaAnswer;
  if (res.ok && !answer.error) return { ok: true };
  const detail = answer.error?.message ? `: ${answer.error.message.slice(0, 300)}` : '';
  const retry = res.status >= 500 || res.status === 429 || answer.error?.is_transient === true;
  return { ok: false, retry, error: `Meta answered ${String(res.status)}${detail}` };
}
