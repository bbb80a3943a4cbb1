import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgreementEditorSchema,
  AgreementInForceSchema,
  AgreementInputSchema,
  AgreementOwnerParamsSchema,
  AgreementSavedSchema,
  AgreementVersionParamsSchema,
  AgreementVersionSchema,
} from '../../../domain/schemas/agreement.ts';
import type { AppDeps } from '../../app-deps.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { binaryResponse, PUBLIC_ACCESS } from '../../http/openapi.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import {
  getAgreementEditor,
  getAgreementInForce,
  getAgreementPdf,
  getAgreementVersion,
  saveAgreement,
} from './agreement.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Custom rental agreements (issue 20 item 3, docs/decisions/037). */
export function registerAgreementRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['agreements'];

  api.get(
    '/api/agreement',
    {
      schema: {
        tags,
        summary:
          'Your rental agreement: its latest version, its history and whether clients accept it (owner)',
        response: { 200: AgreementEditorSchema, ...errors },
      },
    },
    async (request) => getAgreementEditor(deps.db, await deps.currentUser(request)),
  );

  api.put(
    '/api/agreement',
    {
      schema: {
        tags,
        summary:
          'Save your rental agreement (owner with the Custom Agreement add-on): a new version when the text changed, else the latest as it is',
        description:
          'The text is a Markdown subset (headings, paragraphs, bold, italic, bulleted and numbered lists), never HTML. Versions are never changed or deleted.',
        body: AgreementInputSchema,
        response: { 200: AgreementSavedSchema, ...errors },
      },
    },
    async (request) => saveAgreement(deps.db, await deps.currentUser(request), request.body),
  );

  api.get(
    '/api/agreements/:ownerId',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags,
        summary:
          'The rental agreement a client booking with this business accepts (null: Rentza’s standard terms apply)',
        params: AgreementOwnerParamsSchema,
        response: { 200: AgreementInForceSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => getAgreementInForce(deps.db, request.params.ownerId),
  );

  api.get(
    '/api/agreements/:ownerId/:version',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags,
        summary: 'One version of a business’s rental agreement, as it was saved',
        params: AgreementVersionParamsSchema,
        response: { 200: AgreementVersionSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => getAgreementVersion(deps.db, request.params.ownerId, request.params.version),
  );

  api.get(
    '/api/agreements/:ownerId/:version/pdf',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags,
        summary: 'One version of a business’s rental agreement as a PDF',
        params: AgreementVersionParamsSchema,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        response: {
          200: binaryResponse('The PDF', 'application/pdf'),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await getAgreementPdf(deps.db, request.params.ownerId, request.params.version);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          contentDisposition(request.query.download === '1' ? 'attachment' : 'inline', file.fileName),
        )
        .header('cache-control', 'public, max-age=3600')
        .send(file.pdf);
    },
  );
}
