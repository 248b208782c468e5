import type { ConversionEventName, ConversionEventPrefix as ContractPrefix } from '@episodic/contract';

/** Mirrored from the contract (no schema code in the bundle); `satisfies` keeps them identical. */
const ConversionEventPrefix = {
  CompleteRegistration: 'registration',
  Purchase: 'purchase',
  Subscribe: 'subscribe',
} as const satisfies typeof ContractPrefix;

/**
 * The event id of a conversion the server also reports to the ad platforms: derived from the order or
 * the account the same way on both sides, so each platform counts the pixel's event and the server's once.
 */
export function conversionEventId(name: ConversionEventName, subjectId: string): string {
  return `${ConversionEventPrefix[name]}-${subjectId}`;
}
