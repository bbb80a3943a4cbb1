import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ClientCreateSchema } from '../../../../domain/schemas/reservation.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type Client, useCreateClient } from '../api.ts';

import type { NewClientValues } from './new-client-values.ts';

export { EMPTY_NEW_CLIENT, type NewClientValues } from './new-client-values.ts';

/**
 * The inline new-client form (first name, last name, email). Filled in, it is sent with the
 * reservation; "Save client" adds it to the client list straight away.
 */
export function NewClientForm({
  ownerId,
  values,
  onChange,
  onCreated,
  onCancel,
}: {
  /** The business to add the client to, for an admin (see clientsBusinessParam). */
  ownerId: string | undefined;
  values: NewClientValues;
  onChange: (values: NewClientValues) => void;
  onCreated: (client: Client) => void;
  onCancel: () => void;
}) {
  const create = useCreateClient(ownerId);
  const parsed = ClientCreateSchema.safeParse(values);
  const emailInvalid =
    values.email !== '' && !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'email');
  const save = async () => {
    if (!parsed.success) return;
    try {
      const client = await create.mutateAsync(parsed.data);
      notifySuccess('Client created successfully');
      onCreated(client);
    } catch (error) {
      notifyError(
        error instanceof ApiError && error.status < 500 ? error.message : 'Failed to create new client',
      );
    }
  };
  const field = (key: keyof NewClientValues) => ({
    value: values[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...values, [key]: event.currentTarget.value }),
  });
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          New client
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Client first name" required {...field('first_name')} />
          <TextInput label="Client last name" required {...field('last_name')} />
          <TextInput
            label="Client email"
            type="email"
            required
            error={emailInvalid ? 'Please enter a valid email' : undefined}
            {...field('email')}
          />
        </SimpleGrid>
        <Group gap="xs">
          <Button size="xs" onClick={() => void save()} disabled={!parsed.success} loading={create.isPending}>
            Save client
          </Button>
          <Button size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
