import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { attachmentDisposition } from '../../http/content-disposition.ts';
import { binaryResponse } from '../../http/openapi.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { INVOICE_NOT_FOUND, subscriptionInvoicePdf } from './invoice.service.ts';

export function registerSubscriptionInvoiceRoutes(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'currentUser'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/subscription/invoices/:id/pdf',
    {
      schema: {
        tags: ['subscription'],
        summary:
          'A Rentza tax invoice for a subscription payment, as a PDF download (its owner, or an admin)',
        params: z.object({ id: z.uuid(INVOICE_NOT_FOUND) }),
        response: {
          200: binaryResponse('The PDF', 'application/pdf'),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await subscriptionInvoicePdf(deps.db, await deps.currentUser(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.pdf);
    },
  );
}
