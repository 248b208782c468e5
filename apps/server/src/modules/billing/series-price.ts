/** Unlocking a whole series at once costs this share of the episodes bought one by one. */
const SERIES_DISCOUNT = 0.7;

/**
 * The coins to unlock what is still locked of a series at once: the series' own price when it has
 * one (never more than the episodes one by one), else the discount rounded up to a multiple of 5.
 * Null when nothing is locked.
 */
export function quoteSeriesPrice(lockedTotal: number, override: number | null): number | null {
  if (lockedTotal <= 0) return null;
  if (override !== null) return Math.min(override, lockedTotal);
  return Math.max(1, Math.ceil((lockedTotal * SERIES_DISCOUNT) / 5) * 5);
}
