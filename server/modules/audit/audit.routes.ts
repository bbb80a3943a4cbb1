import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAuditPageSchema,
  AdminAuditQuerySchema,
  AuditHistorySchema,
} from '../../../domain/schemas/audit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { adminAudit, reservationHistory } from './audit.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

export function registerAuditRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/reservations/:id/history',
    {
      schema: {
        tags: ['reservations'],
        summary: "A reservation's history (its billing lines and documents too), newest first",
        params: z.object({ id: z.uuid('Reservation not found') }),
        response: { 200: AuditHistorySchema, ...errors },
      },
    },
    async (request) => reservationHistory(deps.db, await deps.currentUser(request), request.params.id),
  );

  api.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, filtered by business, entity, action, actor, dates and text; paged',
        querystring: AdminAuditQuerySchema,
        response: { 200: AdminAuditPageSchema, ...errors },
      },
    },
    async (request) => adminAudit(deps.db, await deps.currentUser(request), request.query),
  );
}
