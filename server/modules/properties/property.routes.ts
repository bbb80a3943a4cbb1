import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CitySuggestionsSchema,
  PropertyInputSchema,
  PropertySearchSchema,
  PropertyUpdateSchema,
} from '../../../domain/schemas/property.ts';
import {
  ListingDetailSchema,
  OwnedPropertySchema,
  PropertyPageSchema,
  PropertySchema,
} from '../../../domain/schemas/property-view.ts';
import { ListingAllowanceSchema } from '../../../domain/schemas/subscription.ts';
import type { AppDeps } from '../../app-deps.ts';
import { OPTIONAL_SESSION, PUBLIC_ACCESS } from '../../http/openapi.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import {
  createListing,
  deleteListing,
  getListing,
  listCitySuggestions,
  listingAllowance,
  listMyListings,
  restoreListing,
  searchListings,
  updateListing,
} from './property.service.ts';

const IdParams = z.object({ id: z.uuid('Property not found') });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

export function registerPropertyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['properties'];

  api.get(
    '/api/properties',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags,
        summary:
          'Search active listings: type, category, city, text, dates (availability), guests, price, amenities',
        querystring: PropertySearchSchema,
        response: { 200: PropertyPageSchema, 400: ErrorResponseSchema },
      },
    },
    (request) => searchListings(deps.db, request.query),
  );

  api.get(
    '/api/properties/cities',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags,
        summary:
          'City suggestions: the known cities and the cities of listed properties, once each (case aside), sorted',
        response: { 200: CitySuggestionsSchema },
      },
    },
    () => listCitySuggestions(deps.db),
  );

  api.get(
    '/api/properties/:id',
    {
      schema: {
        security: OPTIONAL_SESSION,
        tags,
        summary: 'One listing with all its photos',
        params: IdParams,
        response: { 200: ListingDetailSchema, ...errors },
      },
    },
    async (request) => getListing(deps.db, await deps.currentUser(request), request.params.id),
  );

  api.get(
    '/api/my/properties',
    {
      schema: {
        tags,
        summary: 'The signed-in owner’s listings (archived ones too), newest first',
        response: { 200: z.array(OwnedPropertySchema), ...errors },
      },
    },
    async (request) => listMyListings(deps.db, await deps.currentUser(request)),
  );

  api.get(
    '/api/my/properties/allowance',
    {
      schema: {
        tags,
        summary:
          'Whether the business’s subscription lets its listings be managed and one more be created (the owner, or staff with the properties permission, under their owner’s subscription)',
        response: { 200: ListingAllowanceSchema, ...errors },
      },
    },
    async (request) => listingAllowance(deps.db, await deps.currentUser(request)),
  );

  api.post(
    '/api/properties',
    {
      schema: {
        tags,
        summary: 'Create a listing (owner; within the plan’s listing limit)',
        body: PropertyInputSchema,
        response: { 201: PropertySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createListing(deps.db, await deps.currentUser(request), request.body)),
  );

  api.put(
    '/api/properties/:id',
    {
      schema: {
        tags,
        summary:
          'Update one of your listings: the core fields as on create; optional fields left out keep their values',
        params: IdParams,
        body: PropertyUpdateSchema,
        response: { 200: PropertySchema, ...errors },
      },
    },
    async (request) =>
      updateListing(deps.db, await deps.currentUser(request), request.params.id, request.body),
  );

  api.delete(
    '/api/properties/:id',
    {
      schema: {
        tags,
        summary:
          'Delete one of your listings and its photos (204); one with reservations is archived instead (200, the archived listing)',
        params: IdParams,
        response: { 200: PropertySchema, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const archived = await deleteListing(
        deps.db,
        deps.storage,
        await deps.currentUser(request),
        request.params.id,
      );
      return archived ? reply.status(200).send(archived) : reply.status(204).send(null);
    },
  );

  api.post(
    '/api/properties/:id/restore',
    {
      schema: {
        tags,
        summary: 'Restore one of your archived listings (within the plan’s listing limit)',
        params: IdParams,
        response: { 200: PropertySchema, ...errors },
      },
    },
    async (request) => restoreListing(deps.db, await deps.currentUser(request), request.params.id),
  );
}
