import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { binaryResponse } from '../../http/openapi.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { RECEIPT_NOT_FOUND, receiptPdf } from './receipts.ts';

export function registerReceiptRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/booking-payments/:id/receipt.pdf',
    {
      schema: {
        tags: ['payments'],
        summary:
          'An online payment’s receipt (PDF), the same file every time: the client the booking is for, or its business',
        params: z.object({ id: z.uuid(RECEIPT_NOT_FOUND) }),
        querystring: z.object({
          download: z
            .enum(['0', '1'])
            .optional()
            .describe('1: as a download (attachment); otherwise shown in the browser'),
        }),
        response: {
          200: binaryResponse('The receipt', 'application/pdf'),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await receiptPdf(deps.db, await deps.currentUser(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          contentDisposition(request.query.download === '1' ? 'attachment' : 'inline', file.fileName),
        )
        .header('cache-control', 'private, no-store')
        .send(file.pdf);
    },
  );
}
