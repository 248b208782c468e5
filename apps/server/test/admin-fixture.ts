import { createAccountsService } from '../src/modules/accounts/index';
import type { TestApp } from './test-app';

export const ADMIN = { email: 'ops@episodic.test', password: 'operator password 1' };

export interface Callers {
  admin: string;
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
  const guest = await t.app.inject({ method: 'GET', url: '/api/user' });
  const viewer = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email: 'viewer@episodic.test', password: 'viewer password 1', confirmPassword: 'viewer password 1', agree: true },
  });
  const idOf = (res: { body: string }) => (JSON.parse(res.body) as { data: { id: string } }).data.id;
  return {
    admin: String(login.headers['x-user-token']),
    adminId: idOf(login),
    viewer: String(viewer.headers['x-user-token']),
    viewerId: idOf(viewer),
    guest: String(guest.headers['x-user-token']),
  };
}

/** Calls the API as the holder of a session token. */
export function caller(t: TestApp, token: string) {
  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: { 'x-user-token': token }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, ...(JSON.parse(res.body) as { code: number; message: string; data: T; fields?: Record<string, string> }) };
  };
  return {
    get: <T = unknown>(url: string) => call<T>('GET', url),
    post: <T = unknown>(url: string, payload: unknown = {}) => call<T>('POST', url, payload),
    put: <T = unknown>(url: string, payload: unknown = {}) => call<T>('PUT', url, payload),
    patch: <T = unknown>(url: string, payload: unknown = {}) => call<T>('PATCH', url, payload),
    del: <T = unknown>(url: string) => call<T>('DELETE', url),
  };
}
