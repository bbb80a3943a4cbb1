import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BusinessDetailsInputSchema,
  BusinessDetailsQuerySchema,
  BusinessDetailsSchema,
} from '../../../domain/schemas/business-details.ts';
import type { AppDeps } from '../../app-deps.ts';
import { IMAGE_UPLOAD_LIMITS } from '../../platform/images/process-image.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { readUploadedFile } from '../property-images/property-image.routes.ts';
import {
  getBusinessDetails,
  removeLogo,
  saveBusinessDetails,
  uploadLogo,
} from './business-details.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

export async function registerBusinessDetailsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: IMAGE_UPLOAD_LIMITS,
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['business'];

    api.get(
      '/api/business/details',
      {
        schema: {
          tags,
          summary:
            'Your business’s details for documents (owner: own; staff: their owner’s; admin: ?owner_id=). Never saved: suggestions, updated_at null',
          querystring: BusinessDetailsQuerySchema,
          response: { 200: BusinessDetailsSchema, ...errors },
        },
      },
      async (request) => getBusinessDetails(deps.db, await deps.currentUser(request), request.query.owner_id),
    );

    api.put(
      '/api/business/details',
      {
        schema: {
          tags,
          summary: 'Save your business’s details (owner only)',
          body: BusinessDetailsInputSchema,
          response: { 200: BusinessDetailsSchema, ...errors },
        },
      },
      async (request) => saveBusinessDetails(deps.db, await deps.currentUser(request), request.body),
    );

    api.post(
      '/api/business/details/logo',
      {
        schema: {
          tags,
          summary:
            'Upload your logo (multipart field "file"; JPEG, PNG or WebP, at most 10 MB), re-encoded as PNG without metadata',
          consumes: ['multipart/form-data'],
          response: { 200: BusinessDetailsSchema, ...errors, 413: ErrorResponseSchema },
        },
      },
      async (request) => uploadLogo(deps, await deps.currentUser(request), () => readUploadedFile(request)),
    );

    api.delete(
      '/api/business/details/logo',
      {
        schema: {
          tags,
          summary: 'Remove your logo from future documents',
          response: { 200: BusinessDetailsSchema, ...errors },
        },
      },
      async (request) => removeLogo(deps.db, await deps.currentUser(request)),
    );
  });
}
