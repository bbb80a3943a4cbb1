import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BusinessProfileInputSchema,
  BusinessProfileSchema,
  ListingBrandSchema,
  PublicBusinessProfileSchema,
  SlugParamsSchema,
} from '../../../domain/schemas/business-profile.ts';
import type { AppDeps } from '../../app-deps.ts';
import { OPTIONAL_SESSION, PUBLIC_ACCESS } from '../../http/openapi.ts';
import { IMAGE_UPLOAD_LIMITS } from '../../platform/images/process-image.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { readUploadedFile } from '../property-images/property-image.routes.ts';
import {
  getProfile,
  listingBrand,
  publicProfile,
  removeCover,
  saveProfile,
  uploadCover,
} from './business-profile.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** For the API docs only: the handler streams the multipart part (see property-image.routes.ts). */
const UploadBodySchema = z.unknown().meta({
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'One JPEG, PNG or WebP image of at most 10 MB' },
  },
});

/** A business's public page, /b/<slug> (issue 20 item 4, docs/decisions/038). */
export async function registerBusinessProfileRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: IMAGE_UPLOAD_LIMITS,
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['business profile'];

    api.get(
      '/api/business/profile',
      {
        schema: {
          tags,
          summary:
            'Your business’s public page settings (owner; staff with canManageProperties). Never saved: a suggested slug, updated_at null',
          response: { 200: BusinessProfileSchema, ...errors },
        },
      },
      async (request) => getProfile(deps.db, await deps.currentUser(request)),
    );

    api.put(
      '/api/business/profile',
      {
        schema: {
          tags,
          summary:
            'Save your public page: address (slug, unique), description, contacts shown, published. Needs the Branded profile add-on (403) and saved business details (409); a taken slug is 409',
          body: BusinessProfileInputSchema,
          response: { 200: BusinessProfileSchema, ...errors },
        },
      },
      async (request) => saveProfile(deps.db, await deps.currentUser(request), request.body),
    );

    api.post(
      '/api/business/profile/cover',
      {
        schema: {
          tags,
          summary:
            'Upload your public page’s cover image (multipart field "file"; JPEG, PNG or WebP, at most 10 MB), re-encoded to WebP without metadata like listing photos',
          consumes: ['multipart/form-data'],
          body: UploadBodySchema,
          response: { 200: BusinessProfileSchema, ...errors, 413: ErrorResponseSchema },
        },
      },
      async (request) => uploadCover(deps, await deps.currentUser(request), () => readUploadedFile(request)),
    );

    api.delete(
      '/api/business/profile/cover',
      {
        schema: {
          tags,
          summary: 'Remove your public page’s cover image',
          response: { 200: BusinessProfileSchema, ...errors },
        },
      },
      async (request) => removeCover(deps, await deps.currentUser(request)),
    );

    api.get(
      '/api/public-profiles/:slug',
      {
        schema: {
          tags,
          summary:
            'A business’s public page and its bookable listings; 404 when the address is unknown, the page unpublished or the Branded profile add-on not in use',
          security: PUBLIC_ACCESS,
          params: SlugParamsSchema,
          response: { 200: PublicBusinessProfileSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => publicProfile(deps.db, request.params.slug),
    );

    api.get(
      '/api/properties/:id/brand',
      {
        schema: {
          tags,
          summary:
            'What a listing page shows about its business: its public page (when live) and whether it carries "Powered by Rentza"',
          security: OPTIONAL_SESSION,
          params: z.object({ id: z.uuid('Property not found') }),
          response: { 200: ListingBrandSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => listingBrand(deps.db, await deps.currentUser(request), request.params.id),
    );
  });
}
