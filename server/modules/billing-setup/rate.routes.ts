import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RateInputSchema, RateListQuerySchema, RateSchema } from '../../../domain/schemas/billing.ts';
import type { AppDeps } from '../../app-deps.ts';
import { OPTIONAL_SESSION } from '../../http/openapi.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import {
  createRateFor,
  deleteRateFor,
  listPublicRates,
  listRatesFor,
  RATE_NOT_FOUND,
  updateRateFor,
} from './rate.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const IdParams = z.object({ id: z.uuid(RATE_NOT_FOUND) });
const tags = ['billing'];

/** A listing's rate periods: [start, end) with the end exclusive, never overlapping (spec §5). */
export function registerRateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/properties/:id/rates',
    {
      schema: {
        security: OPTIONAL_SESSION,
        tags,
        summary:
          'A listed property’s rate periods by start date (public: they are prices); an unlisted one’s to its business',
        params: z.object({ id: z.uuid('Property not found') }),
        response: { 200: z.array(RateSchema), 404: ErrorResponseSchema },
      },
    },
    async (request) => listPublicRates(deps.db, await deps.currentUser(request), request.params.id),
  );

  api.get(
    '/api/billing/rates',
    {
      schema: {
        tags,
        summary:
          'A property’s rate periods by start date (its owner, an admin, staff with the reservations permission)',
        querystring: RateListQuerySchema,
        response: { 200: z.array(RateSchema), ...errors },
      },
    },
    async (request) => listRatesFor(deps.db, await deps.currentUser(request), request.query.property_id),
  );

  api.post(
    '/api/billing/rates',
    {
      schema: {
        tags,
        summary: 'Add a rate period to a property (its owner or an admin); 409 when it overlaps another',
        body: RateInputSchema,
        response: { 201: RateSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRateFor(deps.db, await deps.currentUser(request), request.body)),
  );

  api.put(
    '/api/billing/rates/:id',
    {
      schema: {
        tags,
        summary: 'Change a rate period (its owner or an admin); 409 when it would overlap another',
        params: IdParams,
        body: RateInputSchema,
        response: { 200: RateSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) =>
      updateRateFor(deps.db, await deps.currentUser(request), request.params.id, request.body),
  );

  api.delete(
    '/api/billing/rates/:id',
    {
      schema: {
        tags,
        summary: 'Delete a rate period (its owner or an admin)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRateFor(deps.db, await deps.currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
