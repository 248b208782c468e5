export { createSettingsService, type SettingsService } from './settings.service';
export { registerSettingsRoutes } from './settings.routes';
export { settingsPlugin } from './settings.plugin';
