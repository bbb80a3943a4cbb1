import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROPERTY_TYPES } from '../../../domain/property.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { listPropertiesOfBusiness } from './business.service.ts';

export const BusinessPropertySchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(PROPERTY_TYPES),
  price_per_day_cents: z.number(),
  cleaning_fee_cents: z.number(),
  security_deposit_cents: z.number(),
  specifications: z.record(z.string(), z.unknown()),
  owner_id: z.string(),
});
export type BusinessProperty = z.infer<typeof BusinessPropertySchema>;

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
}
