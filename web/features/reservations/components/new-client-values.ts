import type { z } from 'zod';
import type { ClientCreateSchema } from '../../../../domain/schemas/reservation.ts';

/**
 * What the inline new-client form holds: what POST /api/clients takes, as typed. Apart from the form
 * (new-client-form.tsx), which the booking page loads only when a client is added (docs/decisions/073).
 */
export type NewClientValues = z.input<typeof ClientCreateSchema>;

export const EMPTY_NEW_CLIENT: NewClientValues = { first_name: '', last_name: '', email: '' };
