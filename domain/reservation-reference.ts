/**
 * A reservation's short reference for people (cards, emails, phone calls): "RZ-" and six characters
 * from an alphabet without 0/O and 1/I, so it can be read aloud and typed back without mistakes.
 * 32 characters (a power of two, so every one is equally likely) give about a billion references.
 */
export const RESERVATION_REFERENCE_PREFIX = 'RZ-';
export const RESERVATION_REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const RESERVATION_REFERENCE_LENGTH = 6;
export const RESERVATION_REFERENCE_PATTERN = /^RZ-[2-9A-HJ-NP-Z]{6}$/;

/** Random bytes; crypto's by default, a fixed sequence in tests. */
export type RandomBytes = (count: number) => Uint8Array;

const cryptoBytes: RandomBytes = (count) => crypto.getRandomValues(new Uint8Array(count));

export function newReservationReference(randomBytes: RandomBytes = cryptoBytes): string {
  const bytes = randomBytes(RESERVATION_REFERENCE_LENGTH);
  let code = '';
  for (let index = 0; index < RESERVATION_REFERENCE_LENGTH; index++) {
    const byte = bytes[index] ?? 0;
    code += RESERVATION_REFERENCE_ALPHABET[byte % RESERVATION_REFERENCE_ALPHABET.length];
  }
  return `${RESERVATION_REFERENCE_PREFIX}${code}`;
}

export function isReservationReference(value: string): boolean {
  return RESERVATION_REFERENCE_PATTERN.test(value);
}
