// The hand-named types of db/schema.ts: the value sets CHECK constraints allow (which the generator
// can't see), the JSON shape of renditions, and the row types the code names.
import type { Insertable, Selectable } from 'kysely';
import type { ConversionOutbox, Orders, Plans, Sessions, TrackingAttribution, TrackingEvents, Users } from './schema';

export type Language = 'en' | 'es' | 'fy' | 'dy' | 'pt';
export type PublishStatus = 'draft' | 'published' | 'archived';
export type LedgerKind = 'purchase' | 'bonus' | 'spend' | 'refund' | 'grant' | 'reward';
export type OrderStatus = 'pending' | 'processing' | 'requires_action' | 'paid' | 'failed' | 'cancelled' | 'refunded';

/** One entry of episode_media.renditions (JSON). */
export interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  codecs: string;
}

export type UserRow = Selectable<Users>;
export type NewUser = Insertable<Users>;
export type SessionRow = Selectable<Sessions>;
export type ConversionOutboxTable = ConversionOutbox;
export type TrackingAttributionTable = TrackingAttribution;
export type TrackingEventsTable = TrackingEvents;

/** An order as lists show it: its own columns, its plan's kind and the plan's name in the reader's language. */
export type OrderSummaryRow = Pick<
  Selectable<Orders>,
  'id' | 'plan_id' | 'purpose' | 'amount' | 'currency' | 'status' | 'failure_reason' | 'created_at' | 'paid_at'
> &
  Pick<Selectable<Plans>, 'kind'> & { plan_name: string };
