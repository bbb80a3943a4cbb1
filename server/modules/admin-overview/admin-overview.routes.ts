import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminOverviewSchema } from '../../../domain/schemas/admin-overview.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { adminOverviewFor } from './admin-overview.service.ts';

/** The admin overview's figures (admins only, docs/decisions/045). */
export function registerAdminOverviewRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/overview',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Sign-ups this month and in the last 30 days, active subscriptions by plan and failed subscription payments this month (admin only)',
        response: { 200: AdminOverviewSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request) => adminOverviewFor(deps.db, await deps.currentUser(request)),
  );
}
