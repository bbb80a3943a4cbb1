import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_NOTES_MAX, CLIENT_RULE_MESSAGES } from '../../../domain/clients.ts';
import {
  ClientBookingsSchema,
  ClientListQuerySchema,
  ClientNotesUpdateSchema,
  type ClientPage,
  ClientPageSchema,
  type ClientRecord,
  ClientRecordSchema,
  ClientUpdateSchema,
} from '../../../domain/schemas/clients.ts';
import {
  type Client,
  ClientCreateSchema,
  ClientRemovedSchema,
  ClientSchema,
} from '../../../domain/schemas/reservation.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import type { listClientsOfOwner } from './client.repository.ts';
import { createClientFor, listClientPageFor, removeClientFor, updateClientFor } from './client.service.ts';
import { clientBookingsFor, clientRecordFor, saveClientNotesFor } from './client-record.service.ts';

type ClientRow = Awaited<ReturnType<typeof listClientsOfOwner>>[number];
export const toClientDto = (client: ClientRow): Client => ({
  id: client.id,
  owner_id: client.owner_id,
  first_name: client.first_name,
  last_name: client.last_name,
  email: client.email,
  phone: client.phone,
  region: client.region,
  is_active: client.is_active,
  registered: client.user_id !== null,
});
const toClientRecordDto = (client: ClientRow): ClientRecord => ({
  ...toClientDto(client),
  notes: client.notes,
  notes_updated_at: client.notes_updated_at ? new Date(client.notes_updated_at).toISOString() : null,
  created_at: new Date(client.created_at).toISOString(),
});

const BusinessQuery = ClientListQuerySchema.pick({ owner_id: true });
const ClientParams = z.object({ id: z.uuid(CLIENT_RULE_MESSAGES.notFound) });

/** The clients of a business, for booking on their behalf (spec §6). */
export function registerClientRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  };

  api.get(
    '/api/clients',
    {
      schema: {
        tags: ['clients'],
        summary:
          'A page of a business’s clients by name (page 1 of 24 unless asked), searched by name or email, and how many match: your own (owner, staff with the reservations or tenants permission), or owner_id’s (admin)',
        querystring: ClientListQuerySchema,
        response: { 200: ClientPageSchema, ...errors },
      },
    },
    async (request): Promise<ClientPage> => {
      const { owner_id, q, page, pageSize } = request.query;
      const { rows, total } = await listClientPageFor(deps.db, await deps.currentUser(request), {
        owner_id,
        q,
        page,
        pageSize,
      });
      return { items: rows.map(toClientDto), total, page, pageSize };
    },
  );

  api.post(
    '/api/clients',
    {
      schema: {
        tags: ['clients'],
        summary:
          'Add a client (owner, or admin naming owner_id); an email already among the business’s clients is refused (409)',
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

  api.patch(
    '/api/clients/:id',
    {
      schema: {
        tags: ['clients'],
        summary:
          'Activate or deactivate a client, or edit their details (its owner, staff with the tenants permission, or an admin); an inactive client cannot be booked for; a registered client’s email is theirs to change (409)',
        params: ClientParams,
        body: ClientUpdateSchema,
        response: { 200: ClientSchema, ...errors },
      },
    },
    async (request) =>
      toClientDto(
        await updateClientFor(deps.db, await deps.currentUser(request), request.params.id, request.body),
      ),
  );

  api.get(
    '/api/clients/:id',
    {
      schema: {
        tags: ['clients'],
        summary:
          'A client’s record with the business’s private notes (its owner, staff with the tenants permission, or an admin); another business’s client is 404',
        params: ClientParams,
        response: { 200: ClientRecordSchema, ...errors },
      },
    },
    async (request) =>
      toClientRecordDto(await clientRecordFor(deps.db, await deps.currentUser(request), request.params.id)),
  );

  api.get(
    '/api/clients/:id/bookings',
    {
      schema: {
        tags: ['clients'],
        summary:
          'A client’s bookings with the business, each with billed, received and balance due from its ledger, and their totals',
        params: ClientParams,
        response: { 200: ClientBookingsSchema, ...errors },
      },
    },
    async (request) => clientBookingsFor(deps.db, await deps.currentUser(request), request.params.id),
  );

  api.put(
    '/api/clients/:id/notes',
    {
      schema: {
        tags: ['clients'],
        summary: `Save the business’s private notes about a client (never shown to the client); at most ${CLIENT_NOTES_MAX} characters`,
        params: ClientParams,
        body: ClientNotesUpdateSchema,
        response: { 200: ClientRecordSchema, ...errors },
      },
    },
    async (request) =>
      toClientRecordDto(
        await saveClientNotesFor(
          deps.db,
          await deps.currentUser(request),
          request.params.id,
          request.body.notes,
        ),
      ),
  );

  api.delete(
    '/api/clients/:id',
    {
      schema: {
        tags: ['clients'],
        summary:
          'Remove a client (its owner, or an admin): unlinked from the business, its pending reservations cancelled, in one transaction',
        params: ClientParams,
        response: { 200: ClientRemovedSchema, ...errors },
      },
    },
    async (request) =>
      removeClientFor(
        { db: deps.db, publicUrl: deps.config.PUBLIC_URL, pokeMail: deps.pokeMail },
        await deps.currentUser(request),
        request.params.id,
      ),
  );
}
