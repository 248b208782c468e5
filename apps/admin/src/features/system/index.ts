export { type AuditFilter, useAudit, useDashboard, useSettings, useSettingsMutations } from './api';
