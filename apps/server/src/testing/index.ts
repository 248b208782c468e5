/**
 * What the server's tests share: building the app, calling it as a viewer or an operator, fresh guests and
 * operators, client addresses and the mail outbox. Test files import this module instead of keeping
 * local copies of these steps.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AdminSession } from '@episodic/contract';
import { createAccountsService } from '../modules/accounts/index';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { consoleSignIn, operatorCookie } from '../../test/admin-fixture';
import { nextAddress, unique } from '../../test/principals';
import { newGuest } from '../../test/viewer-api';

export { createTestApp, envelope, type TestApp, consoleSignIn, operatorCookie, nextAddress, unique, newGuest };

/** A viewer API answer: its envelope, the session token it issued and whether it set the session cookie. */
export type ViewerAnswer<T> = ReturnType<typeof envelope<T>> & {
  token: string | undefined;
  setsCookie: boolean;
  res: LightMyRequestResponse;
};

export interface ViewerCallOptions {
  payload?: object;
  headers?: Record<string, string>;
  /** The caller's address (by default the app's single test address). */
  remoteAddress?: string;
}

/** One viewer API call as a client holding `token` makes it (in the X-User-Token header; none for null). */
export async function viewerCall<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  options: ViewerCallOptions = {},
): Promise<ViewerAnswer<T>> {
  const request: InjectOptions = {
    method,
    url,
    headers: { ...(token ? { 'x-user-token': token } : {}), ...options.headers },
  };
  if (options.payload !== undefined) request.payload = options.payload;
  if (options.remoteAddress) request.remoteAddress = options.remoteAddress;
  const res = await t.app.inject(request);
  const issued = res.headers['x-user-token'];
  return {
    ...envelope<T>(res),
    token: typeof issued === 'string' ? issued : undefined,
    setsCookie: res.cookies.some((c) => c.name === 'episodic_session'),
    res,
  };
}

export interface Operator {
  email: string;
  password: string;
  /** The console session (the operator cookie's value). */
  token: string;
  id: string;
}

/** One console API call with an operator's cookie. */
export function asOperator(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, cookies: operatorCookie(token), ...(payload ? { payload } : {}) });
}

/** A new operator account, signed in to the console from a fresh address. */
export async function newOperator(t: TestApp, password = 'operator password 2'): Promise<Operator> {
  const email = `op-${unique()}@episodic.test`;
  await createAccountsService({ db: t.database.db, sessionTtlDays: 1 }).createAdmin(email, password);
  const token = await consoleSignIn(t, { email, password }, nextAddress());
  const { data } = envelope<AdminSession>(await asOperator(t, token, 'GET', '/api/admin/session'));
  return { email, password, token, id: data.id };
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Every mail the app has written to its outbox folder (the mail transport of tests), oldest first. */
export async function outbox(t: TestApp): Promise<OutboxMail[]> {
  const dir = path.join(t.dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(await fs.readFile(path.join(dir, file)));
      const to = (mail.to as { text: string } | undefined)?.text ?? '';
      return {
        to,
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
      };
    }),
  );
}
