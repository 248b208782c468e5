import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** Tells every server instance that a named cache is stale. */
export interface InvalidationBus {
  /** False when invalidations are delivered in this process, at once: `sync()` is then always true. */
  shared: boolean;
  /** `message` says what is stale when not all of it is (the session cache's keys). */
  publish(channel: string, message?: string): Promise<void>;
  subscribe(channel: string, onInvalidate: (message: string) => void): void;
  /**
   * True once every invalidation published anywhere before the call has been delivered here; false
   * when that cannot be known (Redis unreachable): a cache that must never serve stale data then
   * reads the database instead.
   */
  sync(): Promise<boolean>;
  /** Settles once every subscription made so far is in place (other instances' messages reach it) and syncs can be sent. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One instance: invalidations are delivered in-process. */
export function createLocalBus(): InvalidationBus {
  const listeners = new Map<string, Set<(message: string) => void>>();
  return {
    shared: false,
    publish: async (channel, message = '') => {
      for (const fn of listeners.get(channel) ?? []) fn(message);
    },
    subscribe: (channel, fn) => {
      const set = listeners.get(channel) ?? new Set();
      set.add(fn);
      listeners.set(channel, set);
    },
    sync: async () => true,
    ready: async () => {},
    close: async () => listeners.clear(),
  };
}

const PREFIX = 'episodic:invalidate:';

/**
 * Several instances: invalidations go through Redis pub/sub, and the publishing instance is also
 * told directly so its own cache never waits on the round trip.
 */
export function createRedisBus(redisUrl: string, onError: (err: Error) => void): InvalidationBus {
  const local = createLocalBus();
  const pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // No ready check on the subscriber: a SUBSCRIBE a module sends between the socket's connect and
  // the check puts the connection in subscriber mode, the check's INFO is then refused, and the
  // connection reconnects forever (no invalidation, no sync marker ever arrives).
  const sub = new Redis(redisUrl, { lazyConnect: false, enableReadyCheck: false });
  pub.on('error', onError);
  sub.on('error', onError);
  const subscribing: Promise<unknown>[] = [];
  const syncChannel = `${PREFIX}sync:${randomBytes(8).toString('hex')}`;
  const syncs = createMarkerQueue({
    send: (marker) => pub.publish(syncChannel, String(marker)).then(() => undefined),
    timeoutMs: 1000,
  });
  sub.on('message', (channel: string, message: string) => {
    if (channel === syncChannel) return syncs.returned(Number(message));
    if (channel.startsWith(PREFIX)) void local.publish(channel.slice(PREFIX.length), message);
  });
  subscribing.push(sub.subscribe(syncChannel).catch(onError));
  // Markers are sent on the publishing connection: until it is ready, every sync answers false.
  subscribing.push(
    new Promise<void>((resolve) => {
      if (pub.status === 'ready') return resolve();
      pub.once('ready', () => resolve());
      pub.once('end', () => resolve());
    }),
  );
  return {
    shared: true,
    publish: async (channel, message = '') => {
      await local.publish(channel, message);
      await pub.publish(PREFIX + channel, message).catch(onError);
    },
    subscribe: (channel, fn) => {
      local.subscribe(channel, fn);
      subscribing.push(sub.subscribe(PREFIX + channel).catch(onError));
    },
    // A marker published to this instance's own channel comes back after every message Redis took
    // before it (one subscriber connection receives in order): once it is back, they have all been
    // handled. It also proves the subscription is live; without an answer within a second, false.
    sync: () => (sub.status !== 'ready' || pub.status !== 'ready' ? Promise.resolve(false) : syncs.wait()),
    ready: async () => {
      await Promise.all(subscribing);
    },
    close: async () => {
      syncs.close();
      await Promise.allSettled([pub.quit(), sub.quit()]);
      await local.close();
    },
  };
}

/**
 * Shares sync markers between callers: every caller that arrives before a marker is sent is settled
 * by that marker, and one that arrives while a marker is in flight waits for the next, sent once the
 * one in flight is back (or lost). So a caller is only ever settled by a marker sent after it called,
 * at most one marker is in flight, and a burst of signed-in requests costs a PUBLISH and a message
 * per batch instead of per cache hit (two per GET /api/user before). A marker goes out at the end of
 * the event loop's turn (`setImmediate`), not at its first caller: the requests read from the sockets
 * in that turn share it (sent at the first caller, it carried one request and the rest waited for the
 * next; publishing markers took a tenth of the server's CPU under load).
 */
export function createMarkerQueue(opts: { send: (marker: number) => Promise<void>; timeoutMs: number }) {
  type Settle = (ok: boolean) => void;
  let sent = 0;
  let inFlight: { marker: number; waiters: Settle[]; timer: NodeJS.Timeout } | null = null;
  let next: Settle[] = [];
  let closed = false;
  let scheduled = false;

  const settle = (waiters: Settle[], ok: boolean) => {
    for (const fn of waiters) fn(ok);
  };
  const finish = (ok: boolean) => {
    const done = inFlight;
    if (!done) return;
    clearTimeout(done.timer);
    inFlight = null;
    settle(done.waiters, ok);
    if (next.length > 0) schedule();
  };
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!inFlight && !closed && next.length > 0) launch();
    });
  }
  function launch() {
    const marker = ++sent;
    const timer = setTimeout(() => {
      if (inFlight?.marker === marker) finish(false);
    }, opts.timeoutMs);
    timer.unref();
    inFlight = { marker, waiters: next, timer };
    next = [];
    opts.send(marker).catch(() => {
      if (inFlight?.marker === marker) finish(false);
    });
  }

  return {
    /** Settles true once a marker sent after this call has come back; false when it was lost. */
    wait(): Promise<boolean> {
      if (closed) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        next.push(resolve);
        if (!inFlight) schedule();
      });
    },
    /** A marker came back: markers return in the order they were sent, so it settles any earlier one too. */
    returned(upTo: number): void {
      if (inFlight && inFlight.marker <= upTo) finish(true);
    },
    close(): void {
      closed = true;
      const left = next;
      next = [];
      finish(false);
      settle(left, false);
    },
  };
}
