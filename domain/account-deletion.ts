import { z } from 'zod';

/** POPIA: what a person sends to delete their account, and what they are told (docs/decisions/054). */
export const ACCOUNT_DELETION_MESSAGES = {
  passwordRequired: 'Enter your password to delete your account',
  wrongPassword: 'The password is incorrect. Your account was not deleted.',
  liveSubscription:
    'You have a paid subscription. Cancel it on Subscription Management before deleting your account.',
  upcomingBookings:
    'You have upcoming bookings. Cancel them, or wait until they end, before deleting your account.',
  businessUpcomingBookings:
    'Your business has upcoming bookings. Cancel them, or wait until they end, before deleting your account.',
  deleted: 'Your account has been deleted',
} as const;

/** What a deleted person's name becomes everywhere it is not legally kept. */
export const DELETED_FIRST_NAME = 'Deleted';
export const DELETED_LAST_NAME = 'user';
export const DELETED_NAME = `${DELETED_FIRST_NAME} ${DELETED_LAST_NAME}`;

/** A unique address no mail can reach (RFC 2606 .invalid). */
export const deletedEmail = (id: string) => `deleted-${id}@deleted.invalid`;

/** The word typed to confirm, in the deletion dialog. */
export const DELETION_CONFIRMATION_WORD = 'DELETE';

export const AccountDeletionSchema = z.object({
  password: z
    .string({ error: ACCOUNT_DELETION_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_DELETION_MESSAGES.passwordRequired)
    .max(128),
});
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;

/** The data export's file name: rentza-my-data-2026-11-26.zip. */
export const dataExportFileName = (today: string) => `rentza-my-data-${today}.zip`;
