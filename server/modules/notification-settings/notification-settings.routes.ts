import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NotificationSettingsSchema,
  NotificationSettingsViewSchema,
} from '../../../domain/schemas/notification-settings.ts';
import type { AppDeps } from '../../app-deps.ts';
import { isSmsAvailable } from '../../config.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { getNotificationSettings, updateNotificationSettings } from './notification-settings.service.ts';

export function registerNotificationSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  api.get(
    '/api/me/notification-settings',
    {
      schema: {
        tags,
        summary: 'Your notification switches (email, SMS, in-app) and whether SMS can be sent',
        response: { 200: NotificationSettingsViewSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => getNotificationSettings(await deps.currentUser(request), isSmsAvailable(deps.config)),
  );

  api.put(
    '/api/me/notification-settings',
    {
      schema: {
        tags,
        summary:
          'Save your notification switches; with email off, booking emails are not sent to you, with in-app off nothing new reaches your bell; SMS cannot be switched on while no SMS provider is configured',
        body: NotificationSettingsSchema,
        response: { 200: NotificationSettingsViewSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) =>
      updateNotificationSettings(
        deps.db,
        await deps.currentUser(request),
        request.body,
        isSmsAvailable(deps.config),
      ),
  );
}
