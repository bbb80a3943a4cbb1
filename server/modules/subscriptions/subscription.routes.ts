import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLANS } from '../../../domain/plans.ts';
import {
  AddOnParamsSchema,
  AddOnResultSchema,
  BillingHistorySchema,
  ChangePlanRequestSchema,
  ChangePlanResultSchema,
  PaymentStartSchema,
  PlanCatalogueSchema,
  PlanChangePreviewSchema,
  PlanPreviewQuerySchema,
  StartPaymentRequestSchema,
  SubscriptionSummarySchema,
} from '../../../domain/schemas/subscription.ts';
import { ADD_ONS } from '../../../domain/subscriptions.ts';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { PUBLIC_ACCESS } from '../../http/openapi.ts';
import { requireRole } from '../../http/session.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { billingHistory } from './billing-history.ts';
import {
  addAddOn,
  cancelSubscription,
  changePlan,
  previewChange,
  reactivateSubscription,
  removeAddOn,
  startPayment,
  startPaymentMethodUpdate,
  switchToCommission,
} from './subscription-billing.service.ts';
import { summarize } from './subscription-summary.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  502: ErrorResponseSchema,
};
const tags = ['subscription'];

/** The Subscription screen (second spec §2, §4, §8): plans, usage, add-ons, payments and billing history. */
export function registerSubscriptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const owner = async (request: Parameters<AppDeps['currentUser']>[0]) =>
    requireRole(await deps.currentUser(request), ['owner']);
  /** The owner whose subscription is read: the signed-in owner, or the one an admin names. */
  const subjectOf = async (request: Parameters<AppDeps['currentUser']>[0], ownerId: string | undefined) => {
    const user = requireRole(await deps.currentUser(request), ['owner', 'admin']);
    if (user.role === 'owner') return user;
    if (!ownerId) throw badRequest('Choose an owner: ownerId is required for an admin');
    const subject = await deps.db
      .selectFrom('users')
      .select(['id', 'region'])
      .where('id', '=', ownerId)
      .where('role', '=', 'owner')
      .executeTakeFirst();
    if (!subject) throw notFound('Owner not found');
    return subject;
  };
  const OwnerQuery = z.object({ ownerId: z.uuid('ownerId must be a user id').optional() });

  api.get(
    '/api/subscription/plans',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags,
        summary: 'The plans and add-ons (public)',
        response: { 200: PlanCatalogueSchema },
      },
    },
    async () => ({ plans: Object.values(PLANS), addOns: Object.values(ADD_ONS) }),
  );

  api.get(
    '/api/subscription',
    {
      schema: {
        tags,
        summary: 'The owner’s plan, status, usage, add-ons and payment method (an admin names the owner)',
        querystring: OwnerQuery,
        response: { 200: SubscriptionSummarySchema, ...errors },
      },
    },
    async (request) => summarize(deps.db, deps, await subjectOf(request, request.query.ownerId)),
  );

  api.post(
    '/api/subscription/plan',
    {
      schema: {
        tags,
        summary:
          'Change plan: a free plan or a downgrade applies now; an upgrade returns the gateway checkout',
        body: ChangePlanRequestSchema,
        response: { 200: ChangePlanResultSchema, ...errors },
      },
    },
    async (request) =>
      changePlan(deps, await owner(request), request.body.planId, request.body.expectedDueNowCents),
  );

  api.get(
    '/api/subscription/plan-preview',
    {
      schema: {
        tags,
        summary:
          'What a plan change costs now (with the credit for the unused part of the period) and from when',
        querystring: PlanPreviewQuerySchema,
        response: { 200: PlanChangePreviewSchema, ...errors },
      },
    },
    async (request) => previewChange(deps, await owner(request), request.query.planId),
  );

  api.post(
    '/api/subscription/commission',
    {
      schema: {
        tags,
        summary: 'Switch to commission only (10 % per booking, Starter limits)',
        response: { 200: SubscriptionSummarySchema, ...errors },
      },
    },
    async (request) => switchToCommission(deps, await owner(request)),
  );

  api.post(
    '/api/subscription/add-ons/:addOnId',
    {
      schema: {
        tags,
        summary:
          'Add an add-on: on a free plan a checkout (active once paid); otherwise active now and charged from the next billing date',
        params: AddOnParamsSchema,
        response: { 200: AddOnResultSchema, ...errors },
      },
    },
    async (request) => addAddOn(deps, await owner(request), request.params.addOnId),
  );

  api.delete(
    '/api/subscription/add-ons/:addOnId',
    {
      schema: {
        tags,
        summary: 'Remove an add-on: it stays until the period ends and is not charged after that',
        params: AddOnParamsSchema,
        response: { 200: SubscriptionSummarySchema, ...errors },
      },
    },
    async (request) => removeAddOn(deps, await owner(request), request.params.addOnId),
  );

  api.post(
    '/api/subscription/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel at the end of the period (recurring billing stops now)',
        response: { 200: SubscriptionSummarySchema, ...errors },
      },
    },
    async (request) => cancelSubscription(deps, await owner(request)),
  );

  api.post(
    '/api/subscription/reactivate',
    {
      schema: {
        tags,
        summary: 'Keep a subscription that was set to cancel',
        response: { 200: SubscriptionSummarySchema, ...errors },
      },
    },
    async (request) => reactivateSubscription(deps, await owner(request)),
  );

  api.post(
    '/api/subscription/payments',
    {
      schema: {
        tags,
        summary: 'Start Pay now (the next billing amount) or the test payment (sandbox and simulator only)',
        body: StartPaymentRequestSchema,
        response: { 200: PaymentStartSchema, ...errors },
      },
    },
    async (request) => {
      const user = await owner(request);
      return request.body.kind === 'update_method'
        ? startPaymentMethodUpdate(deps, user)
        : startPayment(deps, user, request.body.kind);
    },
  );

  api.post(
    '/api/subscription/payment-method',
    {
      schema: {
        tags,
        summary: 'Update the payment method: the gateway’s card page, or a R 5.00 card verification',
        response: { 200: PaymentStartSchema, ...errors },
      },
    },
    async (request) => startPaymentMethodUpdate(deps, await owner(request)),
  );

  api.get(
    '/api/subscription/billing-history',
    {
      schema: {
        tags,
        summary:
          'The owner’s subscription payments, newest first, with their tax invoices (an admin names the owner)',
        querystring: OwnerQuery,
        response: { 200: BillingHistorySchema, ...errors },
      },
    },
    async (request) => ({
      entries: await billingHistory(deps.db, (await subjectOf(request, request.query.ownerId)).id),
    }),
  );
}
