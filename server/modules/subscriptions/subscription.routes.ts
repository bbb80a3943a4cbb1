import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canPerformAction, PLAN_IDS, SUBSCRIPTION_STATUSES } from '../../../domain/plans.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireRole } from '../../http/session.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { describeSubscription } from './subscription.service.ts';

const UsageSchema = z.object({
  currentListings: z.number(),
  bookingsThisMonth: z.number(),
  usersCount: z.number(),
});
const CheckSchema = z.object({ allowed: z.boolean(), reason: z.string().optional() });

export function registerSubscriptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/subscription',
    {
      schema: {
        tags: ['subscription'],
        summary: 'The owner’s current plan, status, usage and what the plan allows next',
        response: {
          200: z.object({
            planId: z.enum(PLAN_IDS).nullable(),
            planName: z.string().nullable(),
            status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
            currentPeriodEnd: z.string().nullable(),
            usage: UsageSchema,
            canCreateListing: CheckSchema,
            canAddBooking: CheckSchema,
          }),
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
          : { allowed: false, reason: 'No active subscription' };
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
