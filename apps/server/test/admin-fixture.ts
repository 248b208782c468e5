import { ADMIN_SESSION_COOKIE } from '@episodic/contract';
import type { OperatorRole } from '@episodic/contract/constants';
import { createAccountsService } from '../src/modules/accounts/index';
import type { TestApp } from './test-app';

export const ADMIN = { email: 'ops@episodic.test', password: 'operator password 1' };

export interface Callers {
  /** The operator's console session token (the operator cookie's value). */
  admin: string;
  /** The same operator's viewer-app session token, which must not open the console API. */
  adminViewer: string;
  adminId: string;
  viewer: string;
  viewerId: string;
  guest: string;
}

/** An operator, a registered viewer and a guest, each with a session token. */
export async function createCallers(t: TestApp): Promise<Callers> {
  const accounts = createAccountsService({ db: t.database.db, sessionTtlDays: 1 });
  await accounts.createAdmin(ADMIN.email, ADMIN.password);
  const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: ADMIN });
  const operator = await consoleSignIn(t, ADMIN);
  const guest = await t.app.inject({ method: 'GET', url: '/api/user' });
  const viewer = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: {
      email: 'viewer@episodic.test',
      password: 'viewer password 1',
      confirmPassword: 'viewer password 1',
      agree: true,
    },
  });
  const idOf = (res: { body: string }) => (JSON.parse(res.body) as { data: { id: string } }).data.id;
  return {
    admin: operator,
    adminViewer: String(login.headers['x-user-token']),
    adminId: idOf(login),
    viewer: String(viewer.headers['x-user-token']),
    viewerId: idOf(viewer),
    guest: String(guest.headers['x-user-token']),
  };
}

/** Signs in to the operator console; the operator cookie's value. */
export async function consoleSignIn(
  t: TestApp,
  credentials: { email: string; password: string },
  remoteAddress?: string,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: credentials,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE);
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`console sign-in failed: HTTP ${String(res.statusCode)} ${res.body.slice(0, 200)}`);
  return cookie.value;
}

/** The operator cookie carrying a console session token. */
export function operatorCookie(token: string): Record<string, string> {
  return { [ADMIN_SESSION_COOKIE]: token };
}

/**
 * How a caller's token travels: as the console sends it (the operator cookie) and as the viewer app
 * sends it (the header), so the one token means "an operator" to the console API only when it is a
 * console session, and "a viewer" to the rest.
 */
export function sessionOf(token: string): { headers: Record<string, string>; cookies: Record<string, string> } {
  return { headers: { 'x-user-token': token }, cookies: operatorCookie(token) };
}

/** Calls the API as the holder of a session token. */
export function caller(t: TestApp, token: string) {
  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      ...sessionOf(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return {
      status: res.statusCode,
      ...(JSON.parse(res.body) as { code: number; message: string; data: T; fields?: Record<string, string> }),
    };
  };
  return {
    get: <T = unknown>(url: string) => call<T>('GET', url),
    post: <T = unknown>(url: string, payload: unknown = {}) => call<T>('POST', url, payload),
    put: <T = unknown>(url: string, payload: unknown = {}) => call<T>('PUT', url, payload),
    patch: <T = unknown>(url: string, payload: unknown = {}) => call<T>('PATCH', url, payload),
    del: <T = unknown>(url: string) => call<T>('DELETE', url),
  };
}

/**
 * An operator of the given console role, signed in to the console: the account is made an operator
 * as the command line makes one (an owner), then given the role.
 */
export async function createOperator(
  t: TestApp,
  role: OperatorRole,
  email = `${role.replace('_', '-')}-${String(++operatorSerial)}@episodic.test`,
): Promise<{ token: string; id: string; email: string; password: string }> {
  const password = `${role} password 1`;
  const accounts = createAccountsService({ db: t.database.db, sessionTtlDays: 1 });
  const user = await accounts.createAdmin(email, password);
  await t.database.db.updateTable('users').set({ operator_role: role }).where('id', '=', user.id).execute();
  return { token: await consoleSignIn(t, { email, password }), id: user.id, email, password };
}
let operatorSerial = 0;
