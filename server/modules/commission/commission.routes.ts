import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CommissionOverviewSchema, StatementParamsSchema } from '../../../domain/schemas/commission.ts';
import { PaymentStartSchema } from '../../../domain/schemas/subscription.ts';
import type { AppDeps } from '../../app-deps.ts';
import { attachmentDisposition } from '../../http/content-disposition.ts';
import { binaryResponse } from '../../http/openapi.ts';
import { requireRole } from '../../http/session.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { commissionOverview, startStatementPayment, statementPdf } from './commission.service.tsx';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const tags = ['subscription'];

/** The commission model's statements (docs/decisions/032): the business owner only. */
export function registerCommissionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const owner = async (request: Parameters<AppDeps['currentUser']>[0]) =>
    requireRole(await deps.currentUser(request), ['owner']);

  api.get(
    '/api/subscription/commission/statements',
    {
      schema: {
        tags,
        summary:
          'Commission owed: accruals not yet billed (completed bookings, reversals as credits) and the monthly statements',
        response: { 200: CommissionOverviewSchema, ...errors },
      },
    },
    async (request) => commissionOverview(deps.db, await owner(request)),
  );

  api.post(
    '/api/subscription/commission/statements/:id/pay',
    {
      schema: {
        tags,
        summary:
          'Pay a commission statement: a once-off PayFast checkout for its amount (409 when already paid)',
        params: StatementParamsSchema,
        response: { 200: PaymentStartSchema, ...errors, 409: ErrorResponseSchema, 502: ErrorResponseSchema },
      },
    },
    async (request) => startStatementPayment(deps, await owner(request), request.params.id),
  );

  api.get(
    '/api/subscription/commission/statements/:id/pdf',
    {
      schema: {
        tags,
        summary: "A commission statement's Rentza tax invoice, as a PDF download",
        params: StatementParamsSchema,
        response: { 200: binaryResponse('The PDF', 'application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await statementPdf(deps.db, await owner(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.pdf);
    },
  );
}
