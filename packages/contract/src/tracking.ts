import { Type, type Static } from 'typebox';
import { LiteralUnion } from './envelope';

/**
 * Whether marketing pixels wait for the visitor's consent: `off` starts them at once (specification
 * §4), `required` asks first and starts them only after "Accept".
 */
export const CONSENT_MODES = ['off', 'required'] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];
export type ConsentDecision = 'granted' | 'denied';

/** Where the browser loads each pixel's script from, by configuration key. */
export const PixelScriptsSchema = Type.Object({
  facebook_pixel_id: Type.String(),
  google_analytics: Type.String(),
  tiktok_pixel: Type.String(),
  bigo_pixel: Type.String(),
});
export type PixelScripts = Static<typeof PixelScriptsSchema>;

/** How the browser runs tracking; sent with the configuration list. */
export const TrackingSettingsSchema = Type.Object({
  consentMode: LiteralUnion(CONSENT_MODES),
  scripts: PixelScriptsSchema,
});
export type TrackingSettings = Static<typeof TrackingSettingsSchema>;

const EVENT_NAME = '^[A-Za-z0-9_.:-]{1,80}$';
const EVENT_ID = '^[A-Za-z0-9_.:-]{1,100}$';

export const ReportCustomDataSchema = Type.Object({
  currency: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$' })),
  value: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000 })),
  order_id: Type.Optional(Type.String({ maxLength: 100 })),
  search_string: Type.Optional(Type.String({ maxLength: 200 })),
});

/**
 * One tracking event as the browser reports it (specification §3 fields). `GET /api/reports` and
 * `GET /api/statics.png` take it as query parameters (`custom_data` flattened or as JSON text);
 * `POST /api/reports` as a JSON body.
 */
export const ReportInputSchema = Type.Object({
  event_name: Type.String({ pattern: EVENT_NAME, description: 'Letters, digits and _ . : - (at most 80)' }),
  event_id: Type.Optional(Type.String({ pattern: EVENT_ID })),
  event_time: Type.Optional(Type.Integer({ minimum: 0, maximum: 99_999_999_999 })),
  currency: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$' })),
  value: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000_000 })),
  order_id: Type.Optional(Type.String({ maxLength: 100 })),
  search_string: Type.Optional(Type.String({ maxLength: 200 })),
  custom_data: Type.Optional(Type.Union([ReportCustomDataSchema, Type.String({ maxLength: 2000 })])),
  event_source_url: Type.Optional(Type.String({ maxLength: 2000 })),
  action_source: Type.Optional(Type.String({ maxLength: 32 })),
  /** The visitor's answer to the consent banner, when the operator requires consent. */
  consent: Type.Optional(Type.Union([Type.Literal('granted'), Type.Literal('denied')])),
  /** The referrer token, for transports that cannot send the X-User-Referer-Token header. */
  referer_token: Type.Optional(Type.String({ maxLength: 512 })),
  fbclid: Type.Optional(Type.String({ maxLength: 512 })),
  ttclid: Type.Optional(Type.String({ maxLength: 512 })),
});
export type ReportInput = Static<typeof ReportInputSchema>;

/**
 * `GET /api/statics.png`: any query is taken (an image answers its picture whatever it is asked);
 * only one that reads as a `ReportInput` (event_name defaults to `PageView`) is recorded.
 */
export const BeaconQuerySchema = Type.Object({}, { additionalProperties: true });

export { ConversionEventPrefix, type ConversionEventName } from './constants';
