import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BillingBusinessQuerySchema,
  CatalogueDeleteResultSchema,
  ExtraChargeTypeInputSchema,
  ExtraChargeTypeSchema,
  StockItemInputSchema,
  StockItemSchema,
} from '../../../domain/schemas/billing.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import type { CatalogueTable } from './catalogue.repository.ts';
import {
  type Catalogue,
  createCatalogueEntryFor,
  deleteCatalogueEntryFor,
  EXTRA_CHARGE_TYPES,
  listCatalogueFor,
  STOCK_ITEMS,
  updateCatalogueEntryFor,
} from './catalogue.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

interface CatalogueRoutes<T extends CatalogueTable, Input, Dto> {
  path: string;
  /** 'stock items', 'ad hoc charge types' */
  plural: string;
  catalogue: Catalogue<T, Input, Dto>;
  input: z.ZodType<Input>;
  output: z.ZodType<Dto>;
}

/** GET/POST `path` and PUT/DELETE `path/:id` for one catalogue of a business. */
function registerCatalogue<T extends CatalogueTable, Input, Dto>(
  app: FastifyInstance,
  deps: AppDeps,
  { path, plural, catalogue, input, output }: CatalogueRoutes<T, Input, Dto>,
): void {
  const IdParams = z.object({ id: z.uuid(catalogue.notFound) });
  // Generic over the catalogue, so typed by hand: the zod schemas below still validate every request.
  const api = app;
  const tags = ['billing'];
  type Query = z.infer<typeof BillingBusinessQuerySchema>;
  type Params = z.infer<typeof IdParams>;

  api.get(
    path,
    {
      schema: {
        tags,
        summary: `A business’s ${plural} by name (owner: own; staff with the reservations permission: their owner’s; admin: owner_id’s)`,
        querystring: BillingBusinessQuerySchema,
        response: { 200: z.array(output), ...errors },
      },
    },
    async (request) =>
      listCatalogueFor(
        deps.db,
        await deps.currentUser(request),
        catalogue,
        (request.query as Query).owner_id,
      ),
  );

  api.post(
    path,
    {
      schema: {
        tags,
        summary: `Add to your business’s ${plural} (owner), or owner_id’s (admin)`,
        querystring: BillingBusinessQuerySchema,
        body: input,
        response: { 201: output, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createCatalogueEntryFor(
            deps.db,
            await deps.currentUser(request),
            catalogue,
            request.body as Input,
            (request.query as Query).owner_id,
          ),
        ),
  );

  api.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `Change one of the ${plural} (its owner or an admin)`,
        params: IdParams,
        body: input,
        response: { 200: output, ...errors },
      },
    },
    async (request) =>
      updateCatalogueEntryFor(
        deps.db,
        await deps.currentUser(request),
        catalogue,
        (request.params as Params).id,
        request.body as Input,
      ),
  );

  api.delete(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `Delete one of the ${plural} (its owner or an admin); one already used on a billing line is archived instead`,
        params: IdParams,
        response: { 200: CatalogueDeleteResultSchema, ...errors },
      },
    },
    async (request) =>
      deleteCatalogueEntryFor(
        deps.db,
        await deps.currentUser(request),
        catalogue,
        (request.params as Params).id,
      ),
  );
}

export function registerCatalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCatalogue(app, deps, {
    path: '/api/billing/stock-items',
    plural: 'stock items',
    catalogue: STOCK_ITEMS,
    input: StockItemInputSchema,
    output: StockItemSchema,
  });
  registerCatalogue(app, deps, {
    path: '/api/billing/extra-charge-types',
    plural: 'ad hoc charge types',
    catalogue: EXTRA_CHARGE_TYPES,
    input: ExtraChargeTypeInputSchema,
    output: ExtraChargeTypeSchema,
  });
}
