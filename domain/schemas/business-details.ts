import { z } from 'zod';
import { PHONE_PATTERN } from '../account-rules.ts';
import { isValidVatNumber, normalizeVatNumber, VAT_NUMBER_MESSAGE } from '../vat.ts';

/** A business's details as its documents print them (owner; staff and admins read them). */

export const BANK_ACCOUNT_TYPES = ['Cheque', 'Savings', 'Transmission', 'Business'] as const;

export const BUSINESS_DETAILS_MESSAGES = {
  tradingName: 'Trading name is required',
  address: 'Address is required',
  email: 'Please enter a valid email',
  phone: 'Please enter a valid phone number',
  accountNumber: 'Account number must be 6 to 16 digits',
  branchCode: 'Branch code must be 6 digits',
  saved: 'Business details saved',
  saveFailed: 'Failed to save business details',
  logoSaved: 'Logo saved',
  logoRemoved: 'Logo removed',
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be ${max} characters or fewer`)
    .nullish()
    .transform((value) => value || null);

const digits = (pattern: RegExp, message: string) =>
  z
    .string()
    .nullish()
    .transform((value) => (value ? value.replace(/[\s-]/g, '') : null))
    .refine((value) => value === null || pattern.test(value), message);

export const BusinessDetailsInputSchema = z
  .object({
    trading_name: z
      .string({ error: BUSINESS_DETAILS_MESSAGES.tradingName })
      .trim()
      .min(1, BUSINESS_DETAILS_MESSAGES.tradingName)
      .max(120, 'Must be 120 characters or fewer'),
    address: z
      .string({ error: BUSINESS_DETAILS_MESSAGES.address })
      .trim()
      .min(1, BUSINESS_DETAILS_MESSAGES.address)
      .max(500, 'Must be 500 characters or fewer'),
    phone: z
      .string()
      .trim()
      .nullish()
      .refine((value) => !value || PHONE_PATTERN.test(value), BUSINESS_DETAILS_MESSAGES.phone)
      .transform((value) => value || null),
    email: z
      .string()
      .trim()
      .nullish()
      .refine((value) => !value || z.email().safeParse(value).success, BUSINESS_DETAILS_MESSAGES.email)
      .transform((value) => (value ? value.toLowerCase() : null)),
    vat_registered: z.boolean(),
    vat_number: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || null),
    bank_name: text(80),
    bank_account_holder: text(120),
    bank_account_number: digits(/^\d{6,16}$/, BUSINESS_DETAILS_MESSAGES.accountNumber),
    bank_branch_code: digits(/^\d{6}$/, BUSINESS_DETAILS_MESSAGES.branchCode),
    bank_account_type: z
      .enum(BANK_ACCOUNT_TYPES)
      .nullish()
      .transform((value) => value ?? null),
    payment_terms: text(1000),
  })
  .superRefine((value, ctx) => {
    // The number is checked whenever one is given, and required of a VAT vendor.
    if (value.vat_number ? !isValidVatNumber(value.vat_number) : value.vat_registered) {
      ctx.addIssue({ code: 'custom', path: ['vat_number'], message: VAT_NUMBER_MESSAGE });
    }
  })
  .transform((value) => ({
    ...value,
    vat_number: value.vat_number ? normalizeVatNumber(value.vat_number) : null,
  }));
export type BusinessDetailsInput = z.input<typeof BusinessDetailsInputSchema>;
export type BusinessDetailsValues = z.output<typeof BusinessDetailsInputSchema>;

export const BusinessDetailsSchema = z.object({
  owner_id: z.string(),
  trading_name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  vat_registered: z.boolean(),
  vat_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_account_holder: z.string().nullable(),
  bank_account_number: z.string().nullable(),
  bank_branch_code: z.string().nullable(),
  bank_account_type: z.enum(BANK_ACCOUNT_TYPES).nullable(),
  payment_terms: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** Null until the owner first saves them (the fields then hold suggestions from the account). */
  updated_at: z.string().nullable(),
});
export type BusinessDetails = z.infer<typeof BusinessDetailsSchema>;

export const BusinessDetailsQuerySchema = z.object({
  owner_id: z.uuid('Business not found').optional(),
});
