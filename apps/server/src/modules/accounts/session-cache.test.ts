import { describe, expect, it } from 'vitest';
import type { User } from '@episodic/contract';
import { createSessionCache } from './session-cache';
import type { LiveSession } from './sessions.repository';

const session = { sessionId: 's1', userId: 'u1', expiresAt: new Date(Date.now() + 60_000) } as LiveSession;
const user = { id: 'u1', membership: { active: false, endsAt: null } } as unknown as User;
const noKeys = { all: false, users: [], sessions: [] };

/** A cache behind Redis: every sync is counted, and settles when `settle` says. */
function sharedCache() {
  const syncs: ((ok: boolean) => void)[] = [];
  const cache = createSessionCache({
    ttlMs: 10_000,
    max: 100,
    sync: () => new Promise<boolean>((resolve) => syncs.push(resolve)),
  });
  const settleAll = (ok = true) => {
    for (const resolve of syncs.splice(0)) resolve(ok);
  };
  return { cache, syncs, settleAll };
}

/** Reads until the pending syncs are settled as each is asked. */
async function read<T>(promise: Promise<T>, settleAll: (ok?: boolean) => void): Promise<T> {
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => setImmediate(r));
    settleAll();
  }
  return promise;
}

describe('session cache behind Redis', () => {
  it("serves a request's user after its session's sync without a second one, and only that request", async () => {
    const { cache, syncs, settleAll } = sharedCache();
    let loads = 0;
    const loadUser = async () => {
      loads++;
      return user;
    };
    // Warm both entries.
    await cache.session('token', async () => session);
    await cache.user('u1', loadUser);
    expect(loads).toBe(1);

    const ticket = cache.ticket();
    expect(
      await read(
        cache.session('token', async () => undefined),
        settleAll,
      ),
    ).toBe(session);
    let asked = 0;
    const counting = syncs.push.bind(syncs);
    syncs.push = (...fns) => {
      asked += fns.length;
      return counting(...fns);
    };
    // The same request: a sync that began after its ticket came back, so no new marker is waited on.
    expect(await cache.user('u1', loadUser, ticket)).toBe(user);
    expect(asked).toBe(0);
    // A request whose reads began after that sync waits on a marker of its own.
    const later = cache.ticket();
    expect(await read(cache.user('u1', loadUser, later), settleAll)).toBe(user);
    expect(asked).toBe(1);
    expect(loads).toBe(1);
  });

  it('never spares the sync after one that failed, nor serves a user invalidated since', async () => {
    const { cache, settleAll } = sharedCache();
    let loads = 0;
    const loadUser = async () => {
      loads++;
      return user;
    };
    await cache.session('token', async () => session);
    await cache.user('u1', loadUser);
    const ticket = cache.ticket();
    // The session's sync is lost: the session is read again, and the user is not spared its sync.
    const failed = cache.session('token', async () => session);
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    settleAll(false);
    expect(await failed).toBe(session);
    expect(await read(cache.user('u1', loadUser, ticket), settleAll)).toBe(user);
    expect(loads).toBe(1);
    // Covered by a sync, but the account was written since: read again.
    const next = cache.ticket();
    await read(
      cache.session('token', async () => session),
      settleAll,
    );
    cache.invalidate({ ...noKeys, users: ['u1'] });
    expect(await cache.user('u1', loadUser, next)).toBe(user);
    expect(loads).toBe(2);
  });
});
