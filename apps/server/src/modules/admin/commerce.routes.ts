import {
  AdminOrderExportQuerySchema,
  AdminOrderPageSchema,
  AdminOrderQuerySchema,
  AdminOrderSchema,
  AdminPlanInputSchema,
  AdminPlanListSchema,
  AdminPlanParamsSchema,
  AdminPlanSchema,
  AdminRefundInputSchema,
  AdminRefundPreviewQuerySchema,
  AdminRefundPreviewSchema,
  EnvelopeOf,
  UuidParamsSchema,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { operatorOf, recentOperatorOf, paging } from './admin-deps';
import { sendCsv } from './csv';
import { ORDER_CSV_HEADER, orderCsvLine } from './exports';
import type { OrdersService } from './orders.service';
import type { PlansService } from './plans.service';

const tags = ['admin'];

export function registerCommerceRoutes(app: AppInstance, plans: PlansService, orders: OrdersService): void {
  app.get(
    '/api/admin/plans',
    {
      schema: {
        tags,
        summary: 'Memberships and coin packs, on sale or not',
        response: { 200: EnvelopeOf(AdminPlanListSchema) },
      },
    },
    async () => ok(await plans.listPlans()),
  );

  app.post(
    '/api/admin/plans',
    {
      schema: {
        tags,
        summary: 'Create a membership or coin pack (off sale until activated)',
        body: AdminPlanInputSchema,
        response: { 200: EnvelopeOf(AdminPlanSchema) },
      },
    },
    async (req) => ok(await plans.createPlan(await operatorOf(req), req.body)),
  );

  app.patch(
    '/api/admin/plans/:id',
    {
      schema: {
        tags,
        summary: 'Change price, renewal days, coins, texts or sale status (new orders only)',
        params: AdminPlanParamsSchema,
        body: AdminPlanInputSchema,
        response: { 200: EnvelopeOf(AdminPlanSchema) },
      },
    },
    async (req) => ok(await plans.updatePlan(await operatorOf(req), req.params.id, req.body)),
  );

  app.get(
    '/api/admin/orders',
    {
      schema: {
        tags,
        summary: 'Orders and payments: by id, provider reference, email, status, plan, user or date',
        querystring: AdminOrderQuerySchema,
        response: { 200: EnvelopeOf(AdminOrderPageSchema) },
      },
    },
    async (req) => {
      const { q, status, planId, userId, from, to, sort, dir } = req.query;
      return ok(await orders.listOrders({ ...paging(req.query), q, status, planId, userId, from, to, sort, dir }));
    },
  );

  app.get(
    '/api/admin/orders/export',
    {
      schema: {
        tags,
        summary: 'The orders a filter finds, every page, as a CSV download (UTC times, decimal amounts)',
        querystring: AdminOrderExportQuerySchema,
      },
    },
    async (req, reply) => {
      const { q, status, planId, userId, from, to, sort, dir } = req.query;
      const rows = orders.exportOrders({ q, status, planId, userId, from, to, sort, dir });
      return sendCsv(reply, 'orders', ORDER_CSV_HEADER, rows, orderCsvLine);
    },
  );

  app.get(
    '/api/admin/orders/:id',
    {
      schema: {
        tags,
        summary: 'One order with its payment, attribution and refund',
        params: UuidParamsSchema,
        response: { 200: EnvelopeOf(AdminOrderSchema) },
      },
    },
    async (req) => ok(await orders.getOrder(req.params.id)),
  );

  app.get(
    '/api/admin/orders/:id/refund-preview',
    {
      schema: {
        tags,
        summary:
          'What a refund of the order would give back and take back: money, coins left and spent (on what), membership',
        params: UuidParamsSchema,
        querystring: AdminRefundPreviewQuerySchema,
        response: { 200: EnvelopeOf(AdminRefundPreviewSchema) },
      },
    },
    async (req) => ok(await orders.refundPreview(req.params.id, req.query.amount)),
  );

  app.post(
    '/api/admin/orders/:id/refund',
    {
      schema: {
        tags,
        summary:
          'Refund a paid order, in full or in part, through its provider; its share of coins (or, refunded in full, its membership time) is taken back',
        params: UuidParamsSchema,
        body: AdminRefundInputSchema,
        response: { 200: EnvelopeOf(AdminOrderSchema) },
      },
    },
    async (req) => ok(await orders.refundOrder(await recentOperatorOf(req), req.params.id, req.body)),
  );
}
