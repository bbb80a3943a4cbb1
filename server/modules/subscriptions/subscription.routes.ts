import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canPerformAction } from '../../../domain/plans.ts';
import { SubscriptionSummarySchema } from '../../../domain/schemas/subscription.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireRole } from '../../http/session.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { describeSubscription, NO_ACTIVE_SUBSCRIPTION } from './subscription.service.ts';

export function registerSubscriptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/subscription',
    {
      schema: {
        tags: ['subscription'],
        summary: 'The owner’s current plan, status, usage and what the plan allows next',
        response: {
          200: SubscriptionSummarySchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = requireRole(await deps.currentUser(request), ['owner']);
      const { subscription, plan, usage } = await describeSubscription(deps.db, user.id);
      const active = subscription?.status === 'active';
      const check = (action: 'create_listing' | 'add_booking') =>
        subscription && active
          ? canPerformAction(subscription.plan_id, usage, action)
          : { allowed: false, reason: NO_ACTIVE_SUBSCRIPTION };
      return {
        planId: subscription?.plan_id ?? null,
        planName: plan?.name ?? null,
        status: subscription?.status ?? null,
        currentPeriodEnd: subscription ? new Date(subscription.current_period_end).toISOString() : null,
        usage,
        canCreateListing: check('create_listing'),
        canAddBooking: check('add_booking'),
      };
    },
  );
}
