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
  sub.on('message', (channel: string, message: string) => {
    if (channel.startsWith(PREFIX)) void local.publish(channel.slice(PREFIX.length), message);
  });
  return {
    publish: async (channel, message = '') => {
      await local.publish(channel, message);
      await pub.publish(PREFIX + channel, message).catch(onError);
    },
    subscribe: (channel, fn) => {
      local.subscribe(channel, fn);
      subscribing.push(sub.subscribe(PREFIX + channel).catch(onError));
    },
    // Redis answers a PING on the subscriber's connection after every message it queued there
    // before: once the answer is in, those messages have been handled (in order, on this connection).
    sync: async () => {
      if (sub.status !== 'ready') return false;
      try {
        await sub.ping();
        return true;
      } catch {
        return false;
      }
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
