export { createSettingsService, type SettingsService } from './settings.service';
export { settingsPlugin } from './settings.plugin';
