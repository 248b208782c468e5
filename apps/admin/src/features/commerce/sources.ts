import type { AdminAttributionSource } from '@episodic/contract';

/** How operators name the campaign sources of orders. */
export const SOURCE_NAMES: Record<AdminAttributionSource, string> = {
  fbclid: 'Facebook ads',
  ttclid: 'TikTok ads',
  referrer: 'Referrer links',
  organic: 'Organic',
};
