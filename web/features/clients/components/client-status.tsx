import { Badge, Button, Group } from '@mantine/core';
import type { Client } from '../api.ts';
import { useToggleClient } from '../use-toggle-client.ts';

/** Active or Inactive, Registered or Not Registered (My Clients cards and the client's page). */
export function ClientStatusBadges({ client }: { client: Pick<Client, 'is_active' | 'registered'> }) {
  return (
    <Group gap={6}>
      <Badge color={client.is_active ? 'teal' : 'gray'} variant="light">
        {client.is_active ? 'Active' : 'Inactive'}
      </Badge>
      <Badge color={client.registered ? 'blue' : 'yellow'} variant="light">
        {client.registered ? 'Registered' : 'Not Registered'}
      </Badge>
    </Group>
  );
}

/** Deactivate or Activate, named for the client, with the spec's toasts. */
export function ClientStatusButton({
  client,
  name,
}: {
  client: Pick<Client, 'id' | 'is_active'>;
  name: string;
}) {
  const status = useToggleClient(client);
  return (
    <Button
      size="xs"
      variant="light"
      color={client.is_active ? 'gray' : 'teal'}
      onClick={status.toggle}
      loading={status.pending}
      aria-label={`${status.label} ${name}`}
    >
      {status.label}
    </Button>
  );
}
