import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  InAppNotificationListQuerySchema,
  InAppNotificationListSchema,
  InAppNotificationParamsSchema,
  UnreadCountSchema,
} from '../../../domain/schemas/in-app-notifications.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from './in-app-notifications.service.ts';

/** The header's bell (docs/decisions/042): every signed-in user's own notifications, nobody else's. */
export function registerInAppNotificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  api.get(
    '/api/me/notifications',
    {
      schema: {
        tags,
        summary: 'Your in-app notifications, newest first, 20 a page, with the unread count',
        querystring: InAppNotificationListQuerySchema,
        response: { 200: InAppNotificationListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => listNotifications(deps.db, await deps.currentUser(request), request.query.page),
  );

  api.get(
    '/api/me/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many of your in-app notifications are unread (the bell polls it)',
        response: { 200: UnreadCountSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => unreadCount(deps.db, await deps.currentUser(request)),
  );

  api.post(
    '/api/me/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of your notifications read; returns the unread count left',
        params: InAppNotificationParamsSchema,
        response: {
          200: UnreadCountSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => markRead(deps.db, await deps.currentUser(request), request.params.id),
  );

  api.post(
    '/api/me/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark all your notifications read',
        response: { 200: UnreadCountSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => markAllRead(deps.db, await deps.currentUser(request)),
  );
}
