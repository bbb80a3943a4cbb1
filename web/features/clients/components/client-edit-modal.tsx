import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CLIENT_RECORD_MESSAGES } from '../../../../domain/clients.ts';
import { type ClientDetailsInput, ClientDetailsSchema } from '../../../../domain/schemas/clients.ts';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { type Client, useUpdateClient } from '../api.ts';

/** The form, mounted each time the dialog opens, so it starts from the client as shown. */
function EditClientForm({ client, onClose }: { client: Client; onClose: () => void }) {
  const update = useUpdateClient();
  const form = useForm<ClientDetailsInput>({
    mode: 'controlled',
    initialValues: {
      first_name: client.first_name,
      last_name: client.last_name,
      email: client.email,
      phone: client.phone ?? '',
      region: client.region ?? '',
    },
    validate: zodValidate(ClientDetailsSchema),
  });
  const submit = form.onSubmit((values) => {
    const details = ClientDetailsSchema.parse(values);
    update.mutate(
      // A registered client's email is theirs: it is sent as it is, never changed here.
      { id: client.id, details: client.registered ? { ...details, email: client.email } : details },
      {
        onSuccess: () => {
          notifySuccess(CLIENT_RECORD_MESSAGES.updated);
          onClose();
        },
        onError: (error) => notifyError(refusalOr(error, CLIENT_RECORD_MESSAGES.updateFailed)),
      },
    );
  });
  return (
    <form aria-label="Edit client" onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="First name" required data-autofocus {...form.getInputProps('first_name')} />
        <TextInput label="Last name" required {...form.getInputProps('last_name')} />
        <TextInput
          label="Email"
          type="email"
          required
          readOnly={client.registered}
          description={
            client.registered ? 'They registered with this email: only they can change it.' : undefined
          }
          {...form.getInputProps('email')}
        />
        <TextInput label="Phone" type="tel" placeholder="082 555 1234" {...form.getInputProps('phone')} />
        <TextInput label="Region" placeholder="ZA" {...form.getInputProps('region')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Edit a client's details (issue 21 item 11). A registered client's email is the one they sign in
 * with: shown, not editable (the server refuses a change too).
 */
export function ClientEditModal({
  client,
  opened,
  onClose,
}: {
  client: Client;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit client">
      <EditClientForm client={client} onClose={onClose} />
    </Modal>
  );
}
