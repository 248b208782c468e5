import { ConversionEventPrefix, type ConversionEventName } from '@episodic/contract/constants';

/**
 * The event id of a conversion the server also reports to the ad platforms: derived from the order or
 * the account the same way on both sides, so each platform counts the pixel's event and the server's once.
 */
export function conversionEventId(name: ConversionEventName, subjectId: string): string {
  return `${ConversionEventPrefix[name]}-${subjectId}`;
}
