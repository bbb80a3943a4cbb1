import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../http/errors.ts';

const MessageSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  created_at: z.string(),
});
const MessageSchema = MessageSummarySchema.extend({ html: z.string(), text: z.string() });

/** The dev mailbox exists only while SMTP is not configured. */
export function registerDevMailboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Emails captured while SMTP is not configured, newest first',
        querystring: z.object({ to: z.string().optional() }),
        response: { 200: z.array(MessageSummarySchema) },
      },
    },
    async (request) => {
      let query = deps.db
        .selectFrom('dev_mailbox')
        .select(['id', 'to_address', 'subject', 'created_at'])
        .orderBy('created_at', 'desc')
        .limit(200);
      if (request.query.to) query = query.where('to_address', '=', request.query.to.toLowerCase());
      const rows = await query.execute();
      return rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        created_at: row.created_at.toISOString(),
      }));
    },
  );

  api.get(
    '/api/dev/mailbox/:id',
    {
      schema: {
        tags: ['dev'],
        summary: 'One captured email',
        params: z.object({ id: z.uuid() }),
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const row = await deps.db
        .selectFrom('dev_mailbox')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound('Message not found');
      return {
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        created_at: row.created_at.toISOString(),
        html: row.html,
        text: row.text,
      };
    },
  );
}
