import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTOGRAPHY_MESSAGES } from '../../../domain/photography.ts';
import {
  AdminPhotographyRequestSchema,
  PhotographyOverviewSchema,
  PhotographyQueueQuerySchema,
  PhotographyRequestInputSchema,
  PhotographyRequestSchema,
  PhotographyScheduleInputSchema,
} from '../../../domain/schemas/photography.ts';
import { PropertyImageSchema } from '../../../domain/schemas/property-view.ts';
import type { AppDeps } from '../../app-deps.ts';
import { IMAGE_UPLOAD_LIMITS } from '../../platform/images/process-image.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { readUploadedFile } from '../property-images/property-image.routes.ts';
import {
  cancelShoot,
  completeShoot,
  type PhotographyDeps,
  photographyOverview,
  photographyQueue,
  requestShoot,
  scheduleShoot,
  uploadShootPhoto,
} from './photography.service.ts';

const RequestParams = z.object({ id: z.uuid(PHOTOGRAPHY_MESSAGES.notFound) });
const PhotoQuery = z.object({ property_id: z.uuid(PHOTOGRAPHY_MESSAGES.listingNotInRequest) });
const UploadBodySchema = z.unknown().meta({
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'One JPEG, PNG or WebP image of at most 10 MB' },
  },
});
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** Professional photography (issue 20, docs/decisions/036): the business's requests and the admin queue. */
export async function registerPhotographyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const photoDeps: PhotographyDeps = {
    db: deps.db,
    storage: deps.storage,
    publicUrl: deps.config.PUBLIC_URL,
    pokeMail: deps.pokeMail,
  };
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: IMAGE_UPLOAD_LIMITS,
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['photography'];

    api.get(
      '/api/photography/requests',
      {
        schema: {
          tags,
          summary:
            'Your business’s photography requests, newest first, and whether a shoot can be booked now (owner; staff with the properties permission)',
          response: { 200: PhotographyOverviewSchema, ...errors },
        },
      },
      async (request) => photographyOverview(deps.db, await deps.currentUser(request)),
    );

    api.post(
      '/api/photography/requests',
      {
        schema: {
          tags,
          summary:
            'Book a photo shoot for some of your active listings: one to three preferred dates from today, notes. Needs the photography add-on; one shoot per Johannesburg month (409 after)',
          body: PhotographyRequestInputSchema,
          response: { 201: PhotographyRequestSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await requestShoot(deps.db, await deps.currentUser(request), request.body);
        return reply.status(201).send(created);
      },
    );

    api.post(
      '/api/photography/requests/:id/cancel',
      {
        schema: {
          tags,
          summary:
            'Cancel your photography request while it is not scheduled yet (gives the month’s shoot back)',
          params: RequestParams,
          response: { 200: PhotographyRequestSchema, ...errors },
        },
      },
      async (request) => cancelShoot(deps.db, await deps.currentUser(request), request.params.id),
    );

    api.get(
      '/api/admin/photography/requests',
      {
        schema: {
          tags,
          summary: 'The photography queue, earliest preferred date first, optionally by status (admin only)',
          querystring: PhotographyQueueQuerySchema,
          response: { 200: z.array(AdminPhotographyRequestSchema), ...errors },
        },
      },
      async (request) => photographyQueue(deps.db, await deps.currentUser(request), request.query.status),
    );

    api.post(
      '/api/admin/photography/requests/:id/schedule',
      {
        schema: {
          tags,
          summary: 'Schedule (or move) a shoot on a date and time; the owner is emailed (admin only)',
          params: RequestParams,
          body: PhotographyScheduleInputSchema,
          response: { 200: AdminPhotographyRequestSchema, ...errors },
        },
      },
      async (request) =>
        scheduleShoot(photoDeps, await deps.currentUser(request), request.params.id, request.body),
    );

    api.post(
      '/api/admin/photography/requests/:id/photos',
      {
        schema: {
          tags,
          summary:
            'Upload one photo of a scheduled shoot into the listing’s gallery (multipart field "file"; JPEG, PNG or WebP, at most 10 MB; admin only)',
          consumes: ['multipart/form-data'],
          params: RequestParams,
          querystring: PhotoQuery,
          body: UploadBodySchema,
          response: { 201: PropertyImageSchema, ...errors, 413: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const image = await uploadShootPhoto(
          photoDeps,
          await deps.currentUser(request),
          request.params.id,
          request.query.property_id,
          () => readUploadedFile(request),
        );
        return reply.status(201).send(image);
      },
    );

    api.post(
      '/api/admin/photography/requests/:id/complete',
      {
        schema: {
          tags,
          summary:
            'Mark a scheduled shoot done once its photos are uploaded; the owner is emailed (admin only)',
          params: RequestParams,
          response: { 200: AdminPhotographyRequestSchema, ...errors },
        },
      },
      async (request) => completeShoot(photoDeps, await deps.currentUser(request), request.params.id),
    );
  });
}
