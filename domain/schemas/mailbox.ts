import { z } from 'zod';

/** An email caught by the dev mailbox (development only, no SMTP configured). */
export const MailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  created_at: z.string(),
});
export type MailSummary = z.infer<typeof MailSummarySchema>;

export const MailAttachmentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** Downloads the file as it was sent. */
  url: z.string(),
});
export type MailAttachmentInfo = z.infer<typeof MailAttachmentSchema>;

export const MailSchema = MailSummarySchema.extend({
  html: z.string(),
  text: z.string(),
  reply_to: z.string().nullable(),
  attachments: z.array(MailAttachmentSchema),
});
export type Mail = z.infer<typeof MailSchema>;
