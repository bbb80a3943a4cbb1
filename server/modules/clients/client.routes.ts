import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessIdOf, canManageReservationsOf } from '../../../domain/access.ts';
import { ClientCreateSchema } from '../../../domain/schemas/reservation.ts';
import type { AppDeps } from '../../app-deps.ts';
import { forbidden } from '../../http/errors.ts';
import { requireRole } from '../../http/session.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { findOrCreateClient, listClientsOfOwner } from './client.repository.ts';

export const ClientSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  registered: z.boolean(),
});

type ClientRow = Awaited<ReturnType<typeof listClientsOfOwner>>[number];
export const toClientDto = (client: ClientRow) => ({
  id: client.id,
  owner_id: client.owner_id,
  first_name: client.first_name,
  last_name: client.last_name,
  email: client.email,
  phone: client.phone,
  is_active: client.is_active,
  registered: client.user_id !== null,
});

const STAFF_AND_OWNERS = ['owner', 'backoffice', 'frontoffice'] as const;

/** The clients of the caller's business, for booking on their behalf (owner, and staff who manage reservations). */
export function registerClientRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const businessOfManager = async (request: Parameters<AppDeps['currentUser']>[0]) => {
    const user = requireRole(await deps.currentUser(request), STAFF_AND_OWNERS);
    const ownerId = businessIdOf(user);
    if (!ownerId || !canManageReservationsOf(user, ownerId)) {
      throw forbidden('You do not have permission to create reservations');
    }
    return ownerId;
  };

  api.get(
    '/api/clients',
    {
      schema: {
        tags: ['clients'],
        summary: 'Your business’s clients, by name',
        response: { 200: z.array(ClientSchema), 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request) => (await listClientsOfOwner(deps.db, await businessOfManager(request))).map(toClientDto),
  );

  api.post(
    '/api/clients',
    {
      schema: {
        tags: ['clients'],
        summary:
          'Add a client (first name, last name, email); an existing client with that email is returned',
        body: ClientCreateSchema,
        response: {
          200: ClientSchema,
          201: ClientSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const ownerId = await businessOfManager(request);
      const registered = await deps.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', request.body.email)
        .where('role', '=', 'client')
        .executeTakeFirst();
      const { client, created } = await findOrCreateClient(deps.db, ownerId, {
        ...request.body,
        user_id: registered?.id ?? null,
      });
      return reply.status(created ? 201 : 200).send(toClientDto(client));
    },
  );
}
