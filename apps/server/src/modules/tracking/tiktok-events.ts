import type { ConversionPayload, DeliveryOutcome } from './conversion-payload';

export interface TiktokConfig {
  accessToken: string;
  apiUrl: string;
  testEventCode: string | null;
}

/** One web event of the Events API 2.0. */
export function tiktokEvent(p: ConversionPayload): Record<string, unknown> {
  const user: Record<string, unknown> = { external_id: p.externalIdSha256 };
  if (p.emailSha256) user.email = p.emailSha256;
  if (p.ttclid) user.ttclid = p.ttclid;
  if (p.ttp) user.ttp = p.ttp;
  if (p.ip) user.ip = p.ip;
  if (p.userAgent) user.user_agent = p.userAgent;
  const properties: Record<string, unknown> = {};
  if (p.value !== null) properties.value = p.value;
  if (p.currency) properties.currency = p.currency;
  if (p.orderId) {
    properties.order_id = p.orderId;
    properties.content_type = 'product';
  }
  return {
    event: p.eventName,
    event_time: p.eventTime,
    event_id: p.eventId,
    user,
    properties,
    page: { url: p.eventSourceUrl },
  };
}

/** The request body for `POST {apiUrl}/event/track/`. */
export function tiktokRequestBody(
  pixelCode: string,
  p: ConversionPayload,
  config: TiktokConfig,
): Record<string, unknown> {
  return {
    event_source: 'web',
    event_source_id: pixelCode,
    data: [tiktokEvent(p)],
    ...(config.testEventCode ? { test_event_code: config.testEventCode } : {}),
  };
}

interface TiktokAnswer {
  code?: number;
  message?: string;
}

// Codes TikTok answers (with HTTP 200) for conditions worth another try: rate limits and its own failures.
const TRANSIENT_CODES = new Set([40100, 50000, 50002]);

/** Sends one event to a pixel. TikTok answers HTTP 200 with `code: 0` on success and another code on failure. */
export async function sendToTiktok(
  pixelCode: string,
  p: ConversionPayload,
  config: TiktokConfig,
  timeoutMs = 10_000,
): Promise<DeliveryOutcome> {
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl}/event/track/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Access-Token': config.accessToken },
      body: JSON.stringify(tiktokRequestBody(pixelCode, p, config)),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    return { ok: false, retry: true, error: `TikTok did not answer: ${(err as Error).message}` };
  }
  const answer = (await res.json().catch(() => ({}))) as TiktokAnswer;
  if (res.ok && answer.code === 0) return { ok: true };
  const detail = answer.message ? `: ${answer.message.slice(0, 300)}` : '';
  const retry =
    res.status >= 500 ||
    res.status === 429 ||
    (answer.code !== undefined && TRANSIENT_CODES.has(answer.code)) ||
    (res.ok && answer.code === undefined);
  return {
    ok: false,
    retry,
    error: `TikTok answered ${String(res.status)}${answer.code !== undefined ? ` code ${String(answer.code)}` : ''}${detail}`,
  };
}
