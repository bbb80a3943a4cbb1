import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DocumentSendResultSchema,
  DocumentSendSchema,
  DocumentSummarySchema,
  InvoiceIssueResultSchema,
  InvoiceIssueSchema,
  ReservationDocumentsSchema,
} from '../../../domain/schemas/documents.ts';
import type { AppDeps } from '../../app-deps.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { binaryResponse } from '../../http/openapi.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { sendDocument } from './document-send.ts';
import {
  type DocumentDeps,
  livePdf,
  myDocuments,
  type PdfFile,
  reservationDocuments,
  storedPdf,
} from './documents.service.ts';
import { issueInvoice } from './invoice-issue.ts';

const ReservationParams = z.object({ id: z.uuid('Reservation not found') });
const PdfQuery = z.object({
  download: z
    .enum(['0', '1'])
    .optional()
    .describe('1: as a download (attachment); otherwise shown in the browser'),
});
const PdfResponse = binaryResponse('The PDF', 'application/pdf');
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

function sendPdf(reply: FastifyReply, file: PdfFile, download: boolean) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

export function registerDocumentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  const documentDeps: DocumentDeps = {
    db: deps.db,
    storage: deps.storage,
    publicUrl: deps.config.PUBLIC_URL,
    pokeMail: deps.pokeMail,
  };

  api.get(
    '/api/reservations/:id/documents',
    {
      schema: {
        tags,
        summary:
          'A reservation’s documents for its business: what its status allows, the invoice’s state and warnings, issued invoices and credit notes',
        params: ReservationParams,
        response: { 200: ReservationDocumentsSchema, ...errors },
      },
    },
    async (request) => reservationDocuments(documentDeps, await deps.currentUser(request), request.params.id),
  );

  for (const kind of ['confirmation', 'quote'] as const) {
    api.get(
      `/api/reservations/:id/documents/${kind}.pdf`,
      {
        schema: {
          tags,
          summary: `The ${kind} as the reservation stands now (its business, or its client)${kind === 'quote' ? '; pending only' : ''}`,
          params: ReservationParams,
          querystring: PdfQuery,
          response: { 200: PdfResponse, ...errors },
        },
      },
      async (request, reply) =>
        sendPdf(
          reply,
          await livePdf(documentDeps, await deps.currentUser(request), request.params.id, kind),
          request.query.download === '1',
        ),
    );
  }

  api.post(
    '/api/reservations/:id/documents/invoice',
    {
      schema: {
        tags,
        summary:
          'Issue the invoice (confirmed or completed only): 201 with a new number, or 200 with the open invoice while it still matches',
        params: ReservationParams,
        body: InvoiceIssueSchema,
        response: { 200: InvoiceIssueResultSchema, 201: InvoiceIssueResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await issueInvoice(
        documentDeps,
        await deps.currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(result.issued ? 201 : 200).send(result);
    },
  );

  api.post(
    '/api/reservations/:id/documents/send',
    {
      schema: {
        tags,
        summary:
          'Email a confirmation, quote or invoice to the client as a PDF attachment (replies go to the business)',
        params: ReservationParams,
        body: DocumentSendSchema,
        response: { 202: DocumentSendResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await sendDocument(documentDeps, await deps.currentUser(request), request.params.id, request.body),
        ),
  );

  api.get(
    '/api/documents/:id/pdf',
    {
      schema: {
        tags,
        summary:
          'An issued document’s PDF, the same file every time (its business, or the client of its reservation)',
        params: z.object({ id: z.uuid('Document not found') }),
        querystring: PdfQuery,
        response: { 200: PdfResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await storedPdf(documentDeps, await deps.currentUser(request), request.params.id),
        request.query.download === '1',
      ),
  );

  api.get(
    '/api/my/documents',
    {
      schema: {
        tags,
        summary: 'The invoices and credit notes issued for your own bookings as a guest (My Reservations)',
        response: { 200: z.array(DocumentSummarySchema), ...errors },
      },
    },
    async (request) => myDocuments(documentDeps, await deps.currentUser(request)),
  );
}
