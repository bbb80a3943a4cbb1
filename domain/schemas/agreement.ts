import { z } from 'zod';
import { AGREEMENT_MESSAGES, MAX_AGREEMENT_CHARS } from '../agreement-messages.ts';

/** PUT /api/agreement: the agreement's text (the Markdown subset of domain/agreement.ts). */
export const AgreementInputSchema = z.object({
  body: z
    .string({ error: AGREEMENT_MESSAGES.required })
    .max(MAX_AGREEMENT_CHARS, AGREEMENT_MESSAGES.tooLong)
    .refine((value) => value.trim().length > 0, AGREEMENT_MESSAGES.required),
});
export type AgreementInput = z.infer<typeof AgreementInputSchema>;

/** One version of a business's agreement, as clients read it. */
export const AgreementVersionSchema = z.object({
  owner_id: z.string(),
  version: z.number(),
  body: z.string(),
  /** The business's name when the version was saved ("I accept <business_name>'s rental agreement"). */
  business_name: z.string(),
  created_at: z.string(),
  pdf_url: z.string(),
});
export type AgreementVersion = z.infer<typeof AgreementVersionSchema>;

/** GET /api/agreement: the owner's editor. */
export const AgreementEditorSchema = z.object({
  /** The custom_agreement add-on is in use: the latest version is what clients accept. */
  has_add_on: z.boolean(),
  latest: AgreementVersionSchema.nullable(),
  versions: z.array(z.object({ version: z.number(), created_at: z.string(), pdf_url: z.string() })),
});
export type AgreementEditor = z.infer<typeof AgreementEditorSchema>;

/** PUT /api/agreement: the version in force after the save; `created` false when the text was unchanged. */
export const AgreementSavedSchema = z.object({ agreement: AgreementVersionSchema, created: z.boolean() });
export type AgreementSaved = z.infer<typeof AgreementSavedSchema>;

/** GET /api/agreements/:ownerId: what a client booking with the business accepts (null: Rentza's terms). */
export const AgreementInForceSchema = z.object({ agreement: AgreementVersionSchema.nullable() });
export type AgreementInForce = z.infer<typeof AgreementInForceSchema>;

export const AgreementOwnerParamsSchema = z.object({ ownerId: z.uuid(AGREEMENT_MESSAGES.notFound) });
export const AgreementVersionParamsSchema = AgreementOwnerParamsSchema.extend({
  version: z.coerce
    .number({ error: AGREEMENT_MESSAGES.notFound })
    .int(AGREEMENT_MESSAGES.notFound)
    .min(1, AGREEMENT_MESSAGES.notFound)
    .max(1_000_000, AGREEMENT_MESSAGES.notFound),
});
