export { ReauthPrompt } from './reauth-prompt';
export { type AdminSession, useSignOut } from './session';
export { SessionGate } from './session-gate';
