export { logout, useLogout } from './logout';
