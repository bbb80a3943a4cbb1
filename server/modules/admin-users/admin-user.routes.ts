import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_USER_MESSAGES,
  AdminUserChangeSchema,
  AdminUserDetailSchema,
  AdminUserListQuerySchema,
  AdminUserPageSchema,
} from '../../../domain/schemas/admin-users.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { changeUserFor, describeUserFor, listUsersFor } from './admin-user.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const IdParams = z.object({ id: z.uuid(ADMIN_USER_MESSAGES.notFound) });
const tags = ['admin'];

/** The admin's users screen: every user, their role and whether they may sign in (admins only). */
export function registerAdminUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary:
          'Every user by name, searched by name or email and filtered by role, a page at a time (admin only)',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserPageSchema, ...errors },
      },
    },
    async (request) => listUsersFor(deps.db, await deps.currentUser(request), request.query),
  );

  api.get(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'One user; an owner with their plan, live listings and staff (admin only)',
        params: IdParams,
        response: { 200: AdminUserDetailSchema, ...errors },
      },
    },
    async (request) => describeUserFor(deps.db, await deps.currentUser(request), request.params.id),
  );

  api.patch(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary:
          'Change a user’s role or activate or deactivate them (admin only, never themselves); deactivating signs them out',
        params: IdParams,
        body: AdminUserChangeSchema,
        response: { 200: AdminUserDetailSchema, ...errors },
      },
    },
    async (request) =>
      changeUserFor(deps.db, await deps.currentUser(request), request.params.id, request.body),
  );
}
