import type { Transaction } from 'kysely';
import type { DB } from './db/schema';

/** A paid order, as `order.paid` announces it. */
export interface PaidOrder {
  id: string;
  userId: string;
  planId: string;
  kind: 'membership' | 'coins';
  amount: number;
  currency: string;
  purpose: 'purchase' | 'renewal';
}

/** A console sign-in, a failed one, or a sign-out, with where it came from. */
export interface OperatorSessionEvent {
  outcome: 'signed-in' | 'failed' | 'signed-out';
  /** The account, when the address belongs to one. */
  userId: string | null;
  /** The address typed (failures) or the operator's. */
  email: string;
  ip: string;
  userAgent: string | null;
  /** Why a sign-in failed: `bad_credentials`, `no_operator_access`, `rate_limited`, … */
  reason?: string;
}

/** Side effects that cross domains, by name. Handlers run in order and are awaited. */
export interface DomainEvents {
  /** A guest's data moves to an account, inside the sign-in's transaction. */
  'user.merged': { fromUserId: string; toUserId: string; trx: Transaction<DB> };
  /** A viewer downloads their data: each domain adds its part under its own name. */
  'user.exporting': { userId: string; add: (section: string, data: unknown) => void };
  /** A new account exists (registration, or a first Facebook sign-in), announced after its commit. */
  'user.registered': { userId: string; ip: string; userAgent: string | null };
  /** An account is about to be deleted, inside the deletion's transaction. */
  'user.deleting': { userId: string; trx: Transaction<DB> };
  /** A viewer reported their place in an episode (the catalog counts a play from it after real playback). */
  'episode.progressed': { userId: string; episodeId: number; position: number; address: string };
  /**
   * An order was paid and what it bought was granted, inside that transaction: what must stand or fall
   * with the payment (the first-purchase bonus) is written here.
   */
  'order.fulfilled': { order: PaidOrder; trx: Transaction<DB> };
  /** An order was paid (a purchase or a renewal), announced after its commit: receipts and conversions follow. */
  'order.paid': PaidOrder;
  /** Someone signed in to the console, failed to, or signed out (the console's audit log records it). */
  'operator.session': OperatorSessionEvent;
}

type Handler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => Promise<void>;

/**
 * A small typed event bus: the emitter does not know who listens. Each emitter declares the events
 * it emits (`emits`) when it is wired; once the wiring is done, `assertHandled` fails the start when
 * one of them has no handler, so an event nobody hears is a start-up error, not a silent no-op.
 */
export class EventBus {
  private handlers: { [K in keyof DomainEvents]?: Handler<K>[] } = {};
  private emitted = new Set<keyof DomainEvents>();

  /** Declares events this emitter sends. */
  emits(...names: (keyof DomainEvents)[]): void {
    for (const name of names) this.emitted.add(name);
  }

  /** Throws when a declared event has no handler (called at the end of the wiring). */
  assertHandled(): void {
    const unheard = [...this.emitted].filter((name) => (this.handlers[name] ?? []).length === 0);
    if (unheard.length > 0)
      throw new Error(`No handler for the emitted event(s) ${unheard.join(', ')}: wire one, or stop emitting it.`);
  }

  on<K extends keyof DomainEvents>(name: K, handler: Handler<K>): void {
    const list = (this.handlers[name] ?? []) as Handler<K>[];
    list.push(handler);
    this.handlers[name] = list as never;
  }

  async emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const handler of (this.handlers[name] ?? []) as Handler<K>[]) await handler(payload);
  }
}
