import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HomepageBoostsSchema } from '../../../domain/schemas/homepage-boost.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { boostListing, myBoosts, removeBoost } from './homepage-boost.service.ts';

const IdParams = z.object({ id: z.uuid('Property not found') });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

export function registerHomepageBoostRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['properties'];

  api.get(
    '/api/my/boosts',
    {
      schema: {
        tags,
        summary:
          'The business’s homepage boosts: whether the Homepage boost add-on is in use, the limit and the boosted listings (owner; staff with Properties)',
        response: { 200: HomepageBoostsSchema, ...errors },
      },
    },
    async (request) => myBoosts(deps.db, await deps.currentUser(request)),
  );

  api.put(
    '/api/properties/:id/boost',
    {
      schema: {
        tags,
        summary:
          'Boost one of your listings: it leads the home page and search results with a Featured badge while the Homepage boost add-on is in use (up to the limit)',
        params: IdParams,
        response: { 200: HomepageBoostsSchema, ...errors },
      },
    },
    async (request) => boostListing(deps.db, await deps.currentUser(request), request.params.id),
  );

  api.delete(
    '/api/properties/:id/boost',
    {
      schema: {
        tags,
        summary: 'Remove the boost of one of your listings',
        params: IdParams,
        response: { 200: HomepageBoostsSchema, ...errors },
      },
    },
    async (request) => removeBoost(deps.db, await deps.currentUser(request), request.params.id),
  );
}
