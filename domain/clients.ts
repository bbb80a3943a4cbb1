/** An owner's clients (spec subscriptions-staff-billing §2 My Clients, §4, §5, §8). */

export const CLIENT_TOASTS = {
  created: 'Client created successfully',
  activated: 'Client activated successfully',
  deactivated: 'Client deactivated successfully',
  removed: 'Client removed successfully',
} as const;

export const CLIENT_FAILURES = {
  load: 'Failed to load clients',
  create: 'Failed to create client',
  status: 'Failed to update client status',
  remove: 'Failed to remove client',
} as const;

export const CLIENT_RULE_MESSAGES = {
  duplicate: 'This email is already one of your clients',
  inactive: 'This client is inactive: activate them in My Clients to book for them',
  notFound: 'Client not found',
} as const;

/** What an unregistered client's card says (spec §2). */
export const UNREGISTERED_NOTICE =
  "A client account has been created. Once they register with this email, they'll have full access.";

/** The remove confirm (spec §5). */
export const removeClientQuestion = (client: { first_name: string; last_name: string }) =>
  `Are you sure you want to remove ${client.first_name} ${client.last_name}?`;

/** Case-insensitive search over first name, last name and email; a blank term matches everyone. */
export function matchesClientSearch(
  client: { first_name: string; last_name: string; email: string },
  term: string,
): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [client.first_name, client.last_name, client.email, `${client.first_name} ${client.last_name}`].some(
    (field) => field.toLowerCase().includes(needle),
  );
}

/** Add New Client: first name, last name and a valid email, or the button stays disabled (spec §5). */
export function canAddClient(draft: { first_name: string; last_name: string; email: string }): boolean {
  return (
    draft.first_name.trim().length > 0 &&
    draft.last_name.trim().length > 0 &&
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())
  );
}
