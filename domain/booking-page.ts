import type { PropertyType } from './property.ts';

/**
 * What the booking page shows of a listing: its heading, whether it asks for guests and how many,
 * and the rental agreement's checkbox. A module of its own, with no imports the response schemas
 * share: the page's first load then carries none of the schemas' code (zod), which loads beside its
 * first request (docs/decisions/073).
 */

/** How many matches a booking's client picker asks for (docs/decisions/072). */
export const CLIENT_PICKER_SIZE = 20;

/** The types whose booking page asks for guests or attendees. */
export function bookingAsksForGuests(type: PropertyType): boolean {
  return type === 'accommodation' || type === 'event_space' || type === 'vehicle';
}

/** Guests allowed: accommodation maxGuests, event space capacity, vehicle seats, otherwise 1. */
export function maxGuestsFor(type: PropertyType, specifications: object): number {
  const read = (key: string) => {
    const value = Number((specifications as Record<string, unknown>)[key]);
    return Number.isInteger(value) && value >= 1 ? value : 1;
  };
  if (type === 'accommodation') return read('maxGuests');
  if (type === 'event_space') return read('capacity');
  if (type === 'vehicle') return read('seatingCapacity');
  return 1;
}

const HEADER_NOUN: Record<PropertyType, string> = {
  accommodation: 'Stay',
  vehicle: 'Rental',
  event_space: 'Event',
  equipment: 'Equipment',
  electronics: 'Electronics',
  storage_space: 'Storage',
};

export function bookingHeader(type: PropertyType, title: string): string {
  return `Book Your ${HEADER_NOUN[type]} at ${title}`;
}

/** The checkbox a client ticks to accept a business's rental agreement (docs/decisions/037). */
export function acceptanceLabel(businessName: string): string {
  return `I accept ${businessName}'s rental agreement`;
}
