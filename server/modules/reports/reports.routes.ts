import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReportQuerySchema, ReportSchema } from '../../../domain/schemas/reports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireRole } from '../../http/session.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { reportFor } from './reports.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** The Reports screen (issue 20 item 6, docs/decisions/039): owners on Pro or Business, and their staff with the reports permission. */
export function registerReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/reports',
    {
      schema: {
        tags: ['reports'],
        summary:
          "A business's figures for a period of months and one or all listings: occupancy, billed and received, bookings by status, stays, lead time, top clients, balances, deposits",
        querystring: ReportQuerySchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireRole(await deps.currentUser(request));
      const report = await reportFor(deps.db, user, request.query);
      return reply.header('cache-control', 'private, no-store').send(report);
    },
  );
}
