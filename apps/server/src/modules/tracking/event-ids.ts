import { ConversionEventPrefix, type ConversionEventName } from '@episodic/contract';

/**
 * The event id of a conversion, derived from what it is about (the order, or the account), so the
 * browser's pixel event and the server's one carry the same id and the platforms count it once.
 * The web app derives it the same way.
 */
export function conversionEventId(name: ConversionEventName, subjectId: string): string {
  return `${ConversionEventPrefix[name]}-${subjectId}`;
}
