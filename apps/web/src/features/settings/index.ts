export {
  CONFIG_KEYS,
  configQuery,
  configuredIntegrations,
  loadConfiguration,
  startConfiguredIntegrations,
  type ConfiguredIntegrations,
} from './config';
