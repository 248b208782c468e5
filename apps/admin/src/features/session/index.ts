export { ReauthPrompt } from './reauth-prompt';
export { type AdminSession, useMayCall, useSignIn, useSignOut } from './session';
export { SessionGate } from './session-gate';
