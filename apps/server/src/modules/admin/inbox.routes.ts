import {
  AdminInboxCountsSchema,
  AdminInboxMessageSchema,
  AdminInboxPageSchema,
  AdminInboxQuerySchema,
  AdminInboxReplyInputSchema,
  AdminInboxStatusInputSchema,
  EnvelopeOf,
  UuidParamsSchema,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { operatorOf, paging } from './admin-deps';
import type { InboxService } from './inbox.service';

const tags = ['admin'];
const Message = { 200: EnvelopeOf(AdminInboxMessageSchema) };

/** The inbox of contact messages. */
export function registerInboxRoutes(app: AppInstance, inbox: InboxService): void {
  app.get(
    '/api/admin/inbox',
    {
      schema: {
        tags,
        summary: 'Contact messages, open or done, newest first',
        querystring: AdminInboxQuerySchema,
        response: { 200: EnvelopeOf(AdminInboxPageSchema) },
      },
    },
    async (req) => ok(await inbox.list({ ...paging(req.query), status: req.query.status })),
  );

  app.get(
    '/api/admin/inbox/counts',
    {
      schema: {
        tags,
        summary: 'How many messages are open and how many of those no operator has read',
        response: { 200: EnvelopeOf(AdminInboxCountsSchema) },
      },
    },
    async () => ok(await inbox.counts()),
  );

  app.get(
    '/api/admin/inbox/:id',
    {
      schema: {
        tags,
        summary: 'One message with its replies (opening it marks it read)',
        params: UuidParamsSchema,
        response: Message,
      },
    },
    async (req) => ok(await inbox.open(req.params.id)),
  );

  app.post(
    '/api/admin/inbox/:id/replies',
    {
      schema: {
        tags,
        summary: 'Answer by email: the reply is kept with the message, and says whether it was sent',
        params: UuidParamsSchema,
        body: AdminInboxReplyInputSchema,
        response: Message,
      },
    },
    async (req) => ok(await inbox.reply(await operatorOf(req), req.params.id, req.body.body)),
  );

  app.post(
    '/api/admin/inbox/:id/status',
    {
      schema: {
        tags,
        summary: 'Mark a message done, or open it again',
        params: UuidParamsSchema,
        body: AdminInboxStatusInputSchema,
        response: Message,
      },
    },
    async (req) => ok(await inbox.setDone(await operatorOf(req), req.params.id, req.body.done)),
  );
}
