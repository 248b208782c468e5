import type { ConversionEventName } from '@episodic/contract';

/**
 * A conversion as the outbox keeps it, platform-neutral: each platform's request is built from it at
 * delivery time. Personal data is already hashed where the platforms want it hashed.
 */
export interface ConversionPayload {
  eventName: ConversionEventName;
  eventId: string;
  /** Unix time in seconds. */
  eventTime: number;
  eventSourceUrl: string;
  value: number | null;
  currency: string | null;
  orderId: string | null;
  emailSha256: string | null;
  externalIdSha256: string;
  ip: string | null;
  userAgent: string | null;
  fbclid: string | null;
  /** When the fbclid was first seen (ms since the epoch): Meta's fbc carries it. */
  fbclidSeenAt: number | null;
  /** Meta's browser id (the `_fbp` cookie), when the pixel set one. */
  fbp: string | null;
  ttclid: string | null;
  /** TikTok's browser id (the `_ttp` cookie), when the pixel set one. */
  ttp: string | null;
}

/** What one delivery attempt came to. */
export type DeliveryOutcome = { ok: true } | { ok: false; retry: boolean; error: string };
