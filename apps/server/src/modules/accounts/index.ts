export { createAccountsService, type AccountsService } from './accounts.service';
export { registerAccountsRoutes } from './accounts.routes';
export { createFacebookSignIn } from './facebook-sign-in';
export { registerFacebookRoutes } from './facebook.routes';
export { createOperatorSessions, type OperatorSessions } from './operator-sessions';
export { registerOperatorSessionRoutes } from './operator-sessions.routes';
export { revokeOperatorSessionsOf } from './operator-sessions.repository';
export { revokePasswordResets } from './accounts.repository';
export { purgeUnusedAccounts } from './account-retention';
