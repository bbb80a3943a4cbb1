import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TodayQuerySchema, TodaySchema } from '../../../domain/schemas/today.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { todayFor } from './today.service.ts';

export function registerTodayRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/today',
    {
      schema: {
        tags: ['today'],
        summary:
          'The Today desk of your business (owner, staff with the reservations permission): arrivals and departures today and tomorrow, requests waiting, balances due, deposits held, the week at a glance',
        description:
          '`date` (YYYY-MM-DD) is the day the desk is for, today in Africa/Johannesburg when left out. Balances due: confirmed, completed (or cancelled and billed a fee) bookings starting before date + 7 that still owe, by the reservation list’s ledger rule. Deposits held: bookings that ended by `date` (end exclusive) whose security deposit is received and not yet refunded or kept. Lists show at most 50 rows; `total` says how many there are. Admins, clients and staff without the permission are refused (docs/decisions/055).',
        querystring: TodayQuerySchema,
        response: {
          200: TodaySchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => todayFor(deps.db, await deps.currentUser(request), request.query),
  );
}
