export {
  createAccessService,
  isActiveMember,
  isMembershipActive,
  type Access,
  type AccessDeps,
  type AccessReason,
  type AccessService,
  type EpisodeFacts,
} from './access.service';
export type { UnlockedSeriesRow } from './access.repository';
export { accessPlugin } from './access.plugin';
