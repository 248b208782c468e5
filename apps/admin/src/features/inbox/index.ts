export { type InboxStatus, useInbox, useInboxCounts, useInboxMessage, useInboxMutations } from './api';
