export { ReauthPrompt } from './reauth-prompt';
export { type AdminSession, useSignIn, useSignOut } from './session';
export { SessionGate } from './session-gate';
