export {
  type AuditFilter,
  useAudit,
  useDashboard,
  useRewardAmounts,
  useSaveRewardAmounts,
  useSettings,
  useSettingsMutations,
} from './api';
