import { Type, type Static } from 'typebox';
import { AdminPageOf, AdminPageQuerySchema, DateTime, Nullable } from './admin-kit';

// ---------------------------------------------------------------- contact messages inbox

export const AdminInboxQuerySchema = Type.Object({
  ...AdminPageQuerySchema.properties,
  /** Open messages (the default) or those marked done. */
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('done')])),
});
export type AdminInboxQuery = Static<typeof AdminInboxQuerySchema>;

const Person = Type.Object({ id: Type.String(), email: Nullable(Type.String()) });

/** One row of the inbox list. */
export const AdminInboxItemSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  /** The first characters of the message, on one line. */
  excerpt: Type.String(),
  language: Type.String(),
  createdAt: DateTime,
  /** No operator has opened it yet. */
  unread: Type.Boolean(),
  handledAt: Nullable(DateTime),
  replies: Type.Integer(),
});
export type AdminInboxItem = Static<typeof AdminInboxItemSchema>;
export const AdminInboxPageSchema = AdminPageOf(AdminInboxItemSchema);

/** What the navigation shows. */
export const AdminInboxCountsSchema = Type.Object({ open: Type.Integer(), unread: Type.Integer() });
export type AdminInboxCounts = Static<typeof AdminInboxCountsSchema>;

/** A reply written in the console: kept with the message whether or not mail could send it. */
export const AdminInboxReplySchema = Type.Object({
  id: Type.String(),
  body: Type.String(),
  createdAt: DateTime,
  author: Nullable(Person),
  /** When the mail server accepted it; null when it was not sent. */
  sentAt: Nullable(DateTime),
  /** Waiting in the queue to be mailed (sent in the background, tried again when mail fails). */
  sending: Type.Boolean(),
  /** Why it was not sent, in plain words. */
  sendError: Nullable(Type.String()),
});
export type AdminInboxReply = Static<typeof AdminInboxReplySchema>;

/** One message with its replies. */
export const AdminInboxMessageSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  /** The sender's text exactly as written: show it as text, never as markup. */
  message: Type.String(),
  language: Type.String(),
  createdAt: DateTime,
  readAt: Nullable(DateTime),
  handledAt: Nullable(DateTime),
  handledBy: Nullable(Person),
  /** The account the sender was signed in to, if any. */
  account: Nullable(Type.Object({ id: Type.String(), email: Nullable(Type.String()), isGuest: Type.Boolean() })),
  replies: Type.Array(AdminInboxReplySchema),
  /** Whether this server can send mail (MAIL_URL); without it replies are kept but not sent. */
  mailConfigured: Type.Boolean(),
});
export type AdminInboxMessage = Static<typeof AdminInboxMessageSchema>;

export const AdminInboxReplyInputSchema = Type.Object({
  body: Type.String({ maxLength: 5000 }),
});
export type AdminInboxReplyInput = Static<typeof AdminInboxReplyInputSchema>;

export const AdminInboxStatusInputSchema = Type.Object({ done: Type.Boolean() });
export type AdminInboxStatusInput = Static<typeof AdminInboxStatusInputSchema>;
