export { type UserFilter, useUser, useUserMutations, useUsers } from './api';
