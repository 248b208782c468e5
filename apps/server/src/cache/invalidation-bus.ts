import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** Tells every server instance that a named cache is stale. */
export interface InvalidationBus {
  /** `message` says what is stale when not all of it is (the session cache's keys). */
  publish(channel: string, message?: string): Promise<void>;
  subscribe(channel: string, onInvalidate: (message: string) => void): void;
  /**
   * True once every invalidation published anywhere before the call has been delivered here; false
   * when that cannot be known (Redis unreachable): a cache that must never serve stale data then
   * reads the database instead.
   */
  sync(): Promise<boolean>;
  /** Settles once every subscription made so far is in place (other instances' messages reach it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One instance: invalidations are delivered in-process. */
export function createLocalBus(): InvalidationBus {
  const listeners = new Map<string, Set<(message: string) => void>>();
  return {
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
  const sub = new Redis(redisUrl, { lazyConnect: false });
  pub.on('error', onError);
  sub.on('error', onError);
  const subscribing: Promise<unknown>[] = [];
  const syncChannel = `${PREFIX}sync:${randomBytes(8).toString('hex')}`;
  let sent = 0;
  const waiting = new Map<number, (ok: boolean) => void>();
  sub.on('message', (channel: string, message: string) => {
    if (channel === syncChannel) {
      // Markers come back in the order they were sent: this one settles every earlier one too.
      const upTo = Number(message);
      for (const [marker, settle] of waiting)
        if (marker <= upTo) {
          waiting.delete(marker);
          settle(true);
        }
      return;
    }
    if (channel.startsWith(PREFIX)) void local.publish(channel.slice(PREFIX.length), message);
  });
  subscribing.push(sub.subscribe(syncChannel).catch(onError));
  return {
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
    sync: () => {
      if (sub.status !== 'ready' || pub.status !== 'ready') return Promise.resolve(false);
      const marker = ++sent;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(marker);
          resolve(false);
        }, 1000);
        timer.unref();
        waiting.set(marker, (ok) => {
          clearTimeout(timer);
          resolve(ok);
        });
        pub.publish(syncChannel, String(marker)).catch(() => waiting.get(marker)?.(false));
      });
    },
    ready: async () => {
      await Promise.all(subscribing);
    },
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
      await local.close();
    },
  };
}
