import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MailSchema, MailSummarySchema } from '../../../domain/schemas/mailbox.ts';
import type { AppDeps } from '../../app-deps.ts';
import { attachmentDisposition } from '../../http/content-disposition.ts';
import { notFound } from '../../http/errors.ts';
import { binaryResponse, PUBLIC_ACCESS } from '../../http/openapi.ts';

/** The dev mailbox: registered only while SMTP is not configured and not in production (isDevMailboxEnabled). */
export function registerDevMailboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/dev/mailbox',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags: ['dev'],
        summary: 'Emails captured while SMTP is not configured, newest first',
        querystring: z.object({ to: z.string().optional() }),
        response: { 200: z.array(MailSummarySchema) },
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
        security: PUBLIC_ACCESS,
        tags: ['dev'],
        summary: 'One captured email',
        params: z.object({ id: z.uuid() }),
        response: { 200: MailSchema },
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
        reply_to: row.reply_to,
        attachments: row.attachments.map((file) => ({
          ...file,
          url: `/api/dev/mailbox/${row.id}/attachments/${file.id}`,
        })),
      };
    },
  );

  api.get(
    '/api/dev/mailbox/:id/attachments/:attachmentId',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags: ['dev'],
        summary: 'A file attached to a captured email, as it was sent',
        params: z.object({ id: z.uuid(), attachmentId: z.uuid() }),
        response: {
          200: binaryResponse(
            'The file (an emailed document, rental agreement or payment receipt)',
            'application/pdf',
          ),
        },
      },
    },
    async (request, reply) => {
      const file = await deps.db
        .selectFrom('dev_mailbox as m')
        .innerJoin('email_attachments as a', 'a.outbox_id', 'm.outbox_id')
        .leftJoin('documents as d', 'd.id', 'a.document_id')
        .leftJoin('rental_agreements as ra', 'ra.id', 'a.agreement_id')
        .leftJoin('booking_payments as bp', 'bp.id', 'a.booking_payment_id')
        .select(['a.file_name', 'd.pdf', 'ra.pdf as agreement_pdf', 'bp.receipt_pdf'])
        .where('m.id', '=', request.params.id)
        .where('a.id', '=', request.params.attachmentId)
        .executeTakeFirst();
      const pdf = file?.pdf ?? file?.agreement_pdf ?? file?.receipt_pdf;
      if (!file || !pdf) throw notFound('Attachment not found');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(file.file_name))
        .send(Buffer.from(pdf));
    },
  );
}
