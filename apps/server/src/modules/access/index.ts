export {
  createAccessService,
  type Access,
  type AccessDeps,
  type AccessReason,
  type AccessService,
  type EpisodeFacts,
} from './access.service';
export type { UnlockedSeriesRow } from './access.repository';
