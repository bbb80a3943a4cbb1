import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ProfileUpdateSchema, SessionSchema, UserProfileSchema } from '../../../domain/schemas/user.ts';
import type { AppDeps } from '../../app-deps.ts';
import { OPTIONAL_SESSION } from '../../http/openapi.ts';
import { requireRole } from '../../http/session.ts';
import { ErrorResponseSchema, toUserProfile } from './account.schemas.ts';
import { updateProfile } from './account.service.ts';

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user’s profile',
        response: { 200: UserProfileSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => toUserProfile(requireRole(await deps.currentUser(request))),
  );

  api.get(
    '/api/session',
    {
      schema: {
        security: OPTIONAL_SESSION,
        tags: ['account'],
        summary: 'The signed-in user, or null when signed out',
        response: { 200: SessionSchema },
      },
    },
    async (request) => {
      const user = await deps.currentUser(request);
      return { user: user ? toUserProfile(user) : null };
    },
  );

  api.patch(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Update first name, last name and phone',
        body: ProfileUpdateSchema,
        response: { 200: UserProfileSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = requireRole(await deps.currentUser(request));
      return toUserProfile(await updateProfile(deps.db, user, request.body));
    },
  );
}
