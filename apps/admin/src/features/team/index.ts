export { type Team, useAcceptInvitation, useInvitation, useTeam, useTeamMutations } from './api';
