export {
  createAccessService,
  isActiveMember,
  isMembershipActive,
  type Access,
  type AccessDeps,
  type AccessReason,
  type AccessService,
  type EpisodeFacts,
  type ViewerAccess,
} from './access.service';
export type { UnlockedSeriesRow } from './access.repository';
export { accessPlugin } from './access.plugin';
