import { Type, type Static } from 'typebox';
import { TrackingSettingsSchema } from './tracking';

/** Configuration keys the product recognises (specification §3). */
export const CONFIG_KEYS = ['facebook_pixel_id', 'google_analytics', 'tiktok_pixel', 'bigo_pixel'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

export const ConfigEntrySchema = Type.Object({
  config_key: Type.String(),
  config_value: Type.String(),
});
export type ConfigEntry = Static<typeof ConfigEntrySchema>;

/** The configuration list; `tracking` tells the browser how to run the pixels the list names. */
export const ConfigListSchema = Type.Object({ list: Type.Array(ConfigEntrySchema), tracking: Type.Optional(TrackingSettingsSchema) });
export type ConfigList = Static<typeof ConfigListSchema>;
