import { Type, type Static } from 'typebox';
import { TrackingSettingsSchema } from './tracking';

export { CONFIG_KEYS, type ConfigKey } from './constants';

export const ConfigEntrySchema = Type.Object({
  config_key: Type.String(),
  config_value: Type.String(),
});
export type ConfigEntry = Static<typeof ConfigEntrySchema>;

/** The configuration list; `tracking` tells the browser how to run the pixels the list names. */
export const ConfigListSchema = Type.Object({
  list: Type.Array(ConfigEntrySchema),
  tracking: Type.Optional(TrackingSettingsSchema),
});
export type ConfigList = Static<typeof ConfigListSchema>;
