export { logout, useLogout } from './logout';
export {
  accountApi,
  useChangePassword,
  useDeleteAccount,
  useLogin,
  useProviders,
  useRegister,
  useResetLinkUsable,
  useResetPassword,
  useSignOut,
  useUpdateProfile,
} from './account-api';
export { AuthSwitch } from './auth-switch';
export { ConsentLine } from './consent-line';
export { downloadMyData } from './export-data';
export { SignedInNote } from './signed-in-note';
