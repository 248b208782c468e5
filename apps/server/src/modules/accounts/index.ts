export { createAccountsService, type AccountsService } from './accounts.service';
export { registerAccountsRoutes } from './accounts.routes';
export { createFacebookSignIn } from './facebook-sign-in';
export { registerFacebookRoutes } from './facebook.routes';
export { purgeUnusedAccounts } from './account-retention';
