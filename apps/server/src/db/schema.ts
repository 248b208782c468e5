import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<string>;
  email: string | null;
  password_hash: string | null;
  is_guest: Generated<boolean>;
  role: Generated<'viewer' | 'admin'>;
  language: Generated<string>;
  auto_unlock: Generated<boolean>;
  disabled_at: NullableTimestamp;
  display_name: string | null;
  email_verified_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface EmailVerificationsTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface PendingLinksTable {
  token_hash: string;
  user_id: string;
  provider: 'facebook';
  provider_user_id: string;
  email: string;
  email_verified: boolean;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface UserIdentitiesTable {
  provider: 'facebook';
  provider_user_id: string;
  user_id: string;
  email: string | null;
  created_at: Generated<Date>;
}

export interface OauthStatesTable {
  state_hash: string;
  code_verifier: string;
  return_to: Generated<string>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** 'operator' sessions belong to the console (migration 0013). */
  kind: Generated<'viewer' | 'operator'>;
  /** When an operator last entered the password (operator sessions only). */
  password_at: NullableTimestamp;
}

export interface SettingsTable {
  config_key: string;
  config_value: Generated<string>;
  updated_at: Generated<Date>;
}

type Language = 'en' | 'es' | 'fy' | 'dy' | 'pt';
type Status = 'draft' | 'published';

export interface TagsTable {
  id: Generated<number>;
  slug: string;
  position: Generated<number>;
  created_at: Generated<Date>;
}

export interface TagTranslationsTable {
  tag_id: number;
  language: Language;
  name: string;
}

export interface SeriesTable {
  id: Generated<number>;
  status: Generated<Status>;
  cover_key: string | null;
  banner_key: string | null;
  accent_color: string | null;
  series_price: number | null;
  play_count: Generated<number>;
  published_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SeriesTranslationsTable {
  series_id: number;
  language: Language;
  title: string;
  synopsis: Generated<string>;
  search_vector: ColumnType<string, never, never>;
}

export interface SeriesTagsTable {
  series_id: number;
  tag_id: number;
  position: Generated<number>;
}

export interface EpisodesTable {
  id: Generated<number>;
  series_id: number;
  number: number;
  status: Generated<Status>;
  free: Generated<boolean>;
  unlock_cost: Generated<number>;
  duration_ms: Generated<number>;
  media_status: Generated<'none' | 'processing' | 'ready' | 'failed'>;
  media_error: string | null;
  play_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EpisodeTranslationsTable {
  episode_id: number;
  language: Language;
  title: string;
}

export interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  codecs: string;
}

export interface EpisodeMediaTable {
  episode_id: number;
  prefix: string;
  key: Buffer;
  source_hash: string;
  width: number;
  height: number;
  duration_ms: number;
  renditions: ColumnType<Rendition[], string, string>;
  poster_key: string | null;
  thumbnail_key: string | null;
  created_at: Generated<Date>;
}

export interface EpisodeSubtitlesTable {
  episode_id: number;
  language: Language;
  storage_key: string;
}

export interface UnlocksTable {
  user_id: string;
  episode_id: number;
  source: Generated<string>;
  created_at: Generated<Date>;
}

export interface HomepageSectionsTable {
  id: Generated<number>;
  slug: string;
  kind: 'featured' | 'curated' | 'categories' | 'trending' | 'newest';
  position: Generated<number>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface HomepageSectionTranslationsTable {
  section_id: number;
  language: Language;
  title: string;
}

export interface HomepageSectionItemsTable {
  section_id: number;
  series_id: number;
  position: Generated<number>;
}

export interface HomepageSectionTagsTable {
  section_id: number;
  tag_id: number;
  position: Generated<number>;
}

export interface EpisodePlaysTable {
  episode_id: number;
  viewer: string;
  day: ColumnType<Date, string, string>;
}

export interface PlaybackStartsTable {
  user_id: string;
  episode_id: number;
  started_at: Generated<Date>;
}

export interface SeriesAddressPlaysTable {
  series_id: number;
  address: string;
  day: ColumnType<Date, string, string>;
}

export interface PurgedGuestsTable {
  day: ColumnType<Date, string, string>;
  n: number;
}

export interface SearchHistoryTable {
  user_id: string;
  query: string;
  searched_at: Generated<Date>;
}

export interface FavoritesTable {
  user_id: string;
  series_id: number;
  created_at: Generated<Date>;
}

export interface WatchHistoryTable {
  user_id: string;
  series_id: number;
  episode_id: number;
  position_ms: Generated<number>;
  finished: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface SystemStateTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}

export interface PlansTable {
  id: string;
  kind: 'membership' | 'coins';
  price: number;
  currency: Generated<string>;
  renewal_days: number | null;
  coins: Generated<number>;
  bonus_coins: Generated<number>;
  active: Generated<boolean>;
  position: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PlanTranslationsTable {
  plan_id: string;
  language: Language;
  name: string;
  description: Generated<string>;
}

export interface CoinBalancesTable {
  user_id: string;
  balance: Generated<number>;
}

export type LedgerKind = 'purchase' | 'bonus' | 'spend' | 'refund' | 'grant';

export interface CoinLedgerTable {
  id: Generated<number>;
  user_id: string;
  delta: number;
  kind: LedgerKind;
  idempotency_key: string;
  order_id: string | null;
  episode_id: number | null;
  reason: string | null;
  created_at: Generated<Date>;
}

export interface PaymentMethodsTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  provider_token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: Generated<Date>;
}

export type OrderStatus = 'pending' | 'processing' | 'requires_action' | 'paid' | 'failed' | 'cancelled' | 'refunded';

export interface OrdersTable {
  id: Generated<string>;
  user_id: string;
  plan_id: string;
  purpose: Generated<'purchase' | 'renewal'>;
  amount: number;
  currency: string;
  status: Generated<OrderStatus>;
  provider: string | null;
  provider_ref: string | null;
  payment_method_id: string | null;
  attempt: Generated<number>;
  failure_reason: string | null;
  attribution: ColumnType<unknown, string | null, string | null> | null;
  renewal_for: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  paid_at: NullableTimestamp;
}

export interface MembershipsTable {
  user_id: string;
  plan_id: string;
  status: 'active' | 'lapsed';
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  auto_renew: Generated<boolean>;
  payment_method_id: string | null;
  renewal_attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  reminder_sent_for: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WebhookEventsTable {
  provider: string;
  event_id: string;
  received_at: Generated<Date>;
}

export interface SandboxMethodsTable {
  token: string;
  behavior: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: Generated<Date>;
}

export interface SandboxChargesTable {
  id: string;
  idempotency_key: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'failed' | 'requires_action' | 'refunded';
  failure_reason: string | null;
  method_token: string | null;
  return_url: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  user_id: string | null;
  email: string;
  subject: string;
  message: string;
  language: Generated<string>;
  created_at: Generated<Date>;
  handled_at: NullableTimestamp;
}

export interface TrackingEventsTable {
  id: Generated<number>;
  event_id: string;
  event_name: string;
  source: 'report' | 'beacon';
  event_time: Timestamp;
  value_minor: number | null;
  currency: string | null;
  order_id: string | null;
  search_string: string | null;
  event_source_url: string | null;
  action_source: Generated<string>;
  consent: 'granted' | 'denied' | null;
  user_id: string | null;
  referer_token: string | null;
  fbclid: string | null;
  ttclid: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface TrackingAttributionTable {
  user_id: string;
  first_fbclid: string | null;
  first_ttclid: string | null;
  first_referer_token: string | null;
  first_landing_url: string | null;
  first_at: Timestamp;
  last_fbclid: string | null;
  last_ttclid: string | null;
  last_referer_token: string | null;
  last_landing_url: string | null;
  last_at: Timestamp;
  fbclid_seen_at: NullableTimestamp;
  fbp: string | null;
  ttp: string | null;
  consent: 'granted' | 'denied' | null;
  consent_at: NullableTimestamp;
  updated_at: Generated<Date>;
}

export interface ConversionOutboxTable {
  platform: 'meta' | 'tiktok';
  destination: string;
  event_id: string;
  event_name: string;
  user_id: string | null;
  payload: ColumnType<unknown, string, string>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  lease_until: NullableTimestamp;
  last_error: string | null;
  created_at: Generated<Date>;
  delivered_at: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  summary: Generated<string>;
  before: ColumnType<unknown, string | null, never> | null;
  after: ColumnType<unknown, string | null, never> | null;
  reason: string | null;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface GrantsTable {
  id: string;
  user_id: string;
  kind: 'coins' | 'membership';
  coins: number | null;
  days: number | null;
  plan_id: string | null;
  reason: string;
  actor_id: string | null;
  created_at: Generated<Date>;
}

export interface RefundsTable {
  order_id: string;
  amount: number;
  status: 'processing' | 'succeeded' | 'failed';
  reason: string;
  actor_id: string | null;
  error: string | null;
  coins_reversed: Generated<number>;
  coins_short: Generated<number>;
  membership_ends_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: NullableTimestamp;
}

export interface MediaJobsTable {
  id: Generated<number>;
  episode_id: number;
  upload_id: string;
  file_name: Generated<string>;
  host: string;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  stage: string | null;
  percent: Generated<number>;
  error: string | null;
  attempts: Generated<number>;
  lease_until: NullableTimestamp;
  actor_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

/** Every table of the database, as Kysely sees it. */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  tags: TagsTable;
  tag_translations: TagTranslationsTable;
  series: SeriesTable;
  series_translations: SeriesTranslationsTable;
  series_tags: SeriesTagsTable;
  episodes: EpisodesTable;
  episode_translations: EpisodeTranslationsTable;
  episode_media: EpisodeMediaTable;
  episode_subtitles: EpisodeSubtitlesTable;
  unlocks: UnlocksTable;
  homepage_sections: HomepageSectionsTable;
  homepage_section_translations: HomepageSectionTranslationsTable;
  homepage_section_items: HomepageSectionItemsTable;
  homepage_section_tags: HomepageSectionTagsTable;
  episode_plays: EpisodePlaysTable;
  playback_starts: PlaybackStartsTable;
  series_address_plays: SeriesAddressPlaysTable;
  purged_guests: PurgedGuestsTable;
  search_history: SearchHistoryTable;
  favorites: FavoritesTable;
  watch_history: WatchHistoryTable;
  password_resets: PasswordResetsTable;
  user_identities: UserIdentitiesTable;
  email_verifications: EmailVerificationsTable;
  pending_links: PendingLinksTable;
  oauth_states: OauthStatesTable;
  system_state: SystemStateTable;
  plans: PlansTable;
  plan_translations: PlanTranslationsTable;
  coin_balances: CoinBalancesTable;
  coin_ledger: CoinLedgerTable;
  payment_methods: PaymentMethodsTable;
  orders: OrdersTable;
  memberships: MembershipsTable;
  webhook_events: WebhookEventsTable;
  sandbox_methods: SandboxMethodsTable;
  sandbox_charges: SandboxChargesTable;
  contact_messages: ContactMessagesTable;
  tracking_events: TrackingEventsTable;
  tracking_attribution: TrackingAttributionTable;
  conversion_outbox: ConversionOutboxTable;
  audit_log: AuditLogTable;
  grants: GrantsTable;
  refunds: RefundsTable;
  media_jobs: MediaJobsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
