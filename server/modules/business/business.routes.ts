import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessOwnerSchema, BusinessPropertySchema } from '../../../domain/schemas/business.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { listBusinessOwners, listPropertiesOfBusiness } from './business.service.ts';

export function registerBusinessRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/business/properties',
    {
      schema: {
        tags: ['business'],
        summary:
          'The active and inactive properties of your business, by title (owner: own; staff: their owner’s; admin: all)',
        response: {
          200: z.array(BusinessPropertySchema),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => listPropertiesOfBusiness(deps.db, await deps.currentUser(request)),
  );

  api.get(
    '/api/business/owners',
    {
      schema: {
        tags: ['business'],
        summary: 'Every business, as its owner, by name (admin only: the business an admin acts for)',
        response: {
          200: z.array(BusinessOwnerSchema),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => listBusinessOwners(deps.db, await deps.currentUser(request)),
  );
}
