/**
 * Runs a transaction again when PostgreSQL broke a deadlock by aborting it (40P01). Two bookings
 * whose periods overlap without being equal can each wait on the other's uncommitted row in the
 * exclusion constraint's check; PostgreSQL then aborts one of them. Run again, it meets the other's
 * committed booking and gets the constraint's own answer (409), as a client expects. A booking and
 * a block (or an imported calendar's blocks) racing for overlapping nights deadlock the same way in
 * occupied_periods. Several writers racing can break one transaction more than once, so a few tries,
 * then the error stands.
 */
/** How many times a deadlocked transaction runs in all before its error stands. */
export const DEADLOCK_ATTEMPTS = 5;

export async function retryOnDeadlock<T>(
  transaction: () => Promise<T>,
  attempts = DEADLOCK_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= attempts) throw error;
    }
  }
}
