/**
 * The version of the terms and conditions shown at /terms. Sign-up stores it with the time the terms
 * were accepted; change it whenever the text of the terms changes.
 */
export const TERMS_VERSION = '2026-11-01';

/** How /terms shows the date of that version. */
export const TERMS_LAST_UPDATED = '1 November 2026';
