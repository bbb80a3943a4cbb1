import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUPPORT_MESSAGES,
  SupportInboxPageSchema,
  SupportInboxQuerySchema,
  SupportMessageBodySchema,
  SupportRequestCreateSchema,
  SupportRequestListSchema,
  SupportThreadSchema,
} from '../../../domain/schemas/support.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import {
  addSenderMessage,
  closeSupportRequest,
  createSupportRequest,
  listMySupportRequests,
  recordAdminReply,
  supportInboxFor,
  supportThreadFor,
} from './support.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const IdParams = z.object({ id: z.uuid(SUPPORT_MESSAGES.notFound) });

/** Help: a signed-in user's support requests; the admins' support inbox (docs/decisions/040). */
export function registerSupportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const serviceDeps = { db: deps.db, publicUrl: deps.config.PUBLIC_URL, pokeMail: deps.pokeMail };

  api.get(
    '/api/support/requests',
    {
      schema: {
        tags: ['support'],
        summary: 'The signed-in user’s own support requests, the latest activity first',
        response: { 200: SupportRequestListSchema, ...errors },
      },
    },
    async (request) => listMySupportRequests(deps.db, await deps.currentUser(request)),
  );

  api.post(
    '/api/support/requests',
    {
      schema: {
        tags: ['support'],
        summary:
          'Ask support a question (any signed-in user); a booking reference must be one of the user’s own bookings',
        body: SupportRequestCreateSchema,
        response: { 201: SupportThreadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const thread = await createSupportRequest(deps.db, await deps.currentUser(request), request.body);
      return reply.code(201).send(thread);
    },
  );

  api.get(
    '/api/support/requests/:id',
    {
      schema: {
        tags: ['support'],
        summary: 'One support request with its whole thread (its sender and admins only)',
        params: IdParams,
        response: { 200: SupportThreadSchema, ...errors },
      },
    },
    async (request) => supportThreadFor(deps.db, await deps.currentUser(request), request.params.id),
  );

  api.post(
    '/api/support/requests/:id/messages',
    {
      schema: {
        tags: ['support'],
        summary: 'The sender adds a message to their request; a closed request opens again',
        params: IdParams,
        body: SupportMessageBodySchema,
        response: { 200: SupportThreadSchema, ...errors },
      },
    },
    async (request) =>
      addSenderMessage(deps.db, await deps.currentUser(request), request.params.id, request.body.message),
  );

  api.get(
    '/api/admin/support/requests',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The support inbox: Business senders first, then Pro, then the rest, each oldest first; filtered by state (admin only)',
        querystring: SupportInboxQuerySchema,
        response: { 200: SupportInboxPageSchema, ...errors },
      },
    },
    async (request) => supportInboxFor(deps.db, await deps.currentUser(request), request.query),
  );

  api.post(
    '/api/admin/support/requests/:id/replies',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reply to a support request: kept in its thread and emailed to the sender (admin only)',
        params: IdParams,
        body: SupportMessageBodySchema,
        response: { 200: SupportThreadSchema, ...errors },
      },
    },
    async (request) =>
      recordAdminReply(serviceDeps, await deps.currentUser(request), request.params.id, request.body.message),
  );

  api.post(
    '/api/admin/support/requests/:id/close',
    {
      schema: {
        tags: ['admin'],
        summary: 'Close a support request; its sender may open it again by writing (admin only)',
        params: IdParams,
        response: { 200: SupportThreadSchema, ...errors },
      },
    },
    async (request) => closeSupportRequest(deps.db, await deps.currentUser(request), request.params.id),
  );
}
