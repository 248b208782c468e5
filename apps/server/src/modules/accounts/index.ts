export { createAccountsService, type AccountsService } from './accounts.service';
export { createOperatorSessions, type OperatorSessions } from './operator-sessions';
export { revokeOperatorSessionsOf } from './operator-sessions.repository';
export { revokePasswordResets } from './accounts.repository';
export { accountsPlugin } from './accounts.plugin';
