import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Client, ClientCreateSchema, ClientSchema } from '../../../domain/schemas/reservation.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import type { listClientsOfOwner } from './client.repository.ts';
import { createClientFor, listClientsFor } from './client.service.ts';

type ClientRow = Awaited<ReturnType<typeof listClientsOfOwner>>[number];
export const toClientDto = (client: ClientRow): Client => ({
  id: client.id,
  owner_id: client.owner_id,
  first_name: client.first_name,
  last_name: client.last_name,
  email: client.email,
  phone: client.phone,
  is_active: client.is_active,
  registered: client.user_id !== null,
});

const BusinessQuery = z.object({ owner_id: z.uuid('Please choose a valid business').optional() });

/** The clients of a business, for booking on their behalf (spec §6). */
export function registerClientRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

  api.get(
    '/api/clients',
    {
      schema: {
        tags: ['clients'],
        summary:
          'A business’s clients, by name: your own (owner, staff with the reservations permission), or owner_id’s (admin)',
        querystring: BusinessQuery,
        response: { 200: z.array(ClientSchema), ...errors },
      },
    },
    async (request) =>
      (await listClientsFor(deps.db, await deps.currentUser(request), request.query.owner_id)).map(
        toClientDto,
      ),
  );

  api.post(
    '/api/clients',
    {
      schema: {
        tags: ['clients'],
        summary:
          'Add a client (owner, or admin naming owner_id); an existing client with that email is returned',
        body: ClientCreateSchema.extend(BusinessQuery.shape),
        response: { 200: ClientSchema, 201: ClientSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { owner_id, ...input } = request.body;
      const { client, created } = await createClientFor(
        deps.db,
        await deps.currentUser(request),
        input,
        owner_id,
      );
      return reply.status(created ? 201 : 200).send(toClientDto(client));
    },
  );
}
