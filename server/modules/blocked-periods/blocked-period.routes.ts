import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlockedPeriodCreateSchema,
  BlockedPeriodListQuerySchema,
  BlockedPeriodSchema,
} from '../../../domain/schemas/blocked-period.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { createBlock, listBlocks, removeBlock } from './blocked-period.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

export function registerBlockedPeriodRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['blocked periods'];

  api.get(
    '/api/blocked-periods',
    {
      schema: {
        tags,
        summary: "The business's blocked dates that share a day with from..to (optionally of one listing)",
        querystring: BlockedPeriodListQuerySchema,
        response: { 200: z.array(BlockedPeriodSchema), ...errors },
      },
    },
    async (request) => listBlocks(deps.db, await deps.currentUser(request), request.query),
  );

  api.post(
    '/api/properties/:id/blocked-periods',
    {
      schema: {
        tags,
        summary: 'Block dates of a listing for maintenance or owner use (no booking may hold them)',
        params: z.object({ id: z.uuid('Property not found') }),
        body: BlockedPeriodCreateSchema,
        response: { 201: BlockedPeriodSchema, ...errors },
      },
    },
    async (request, reply) => {
      const block = await createBlock(
        deps.db,
        await deps.currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(block);
    },
  );

  api.delete(
    '/api/blocked-periods/:id',
    {
      schema: {
        tags,
        summary: 'Remove a blocked period: its dates become bookable again',
        params: z.object({ id: z.uuid('Blocked period not found') }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeBlock(deps.db, await deps.currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
