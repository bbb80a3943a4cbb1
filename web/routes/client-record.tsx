import { Alert, Anchor, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CLIENT_RECORD_MESSAGES, UNREGISTERED_NOTICE } from '../../domain/clients.ts';
import { canAccessRoute } from '../../domain/routes.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { type ClientRecord, useClientRecord } from '../features/clients/api.ts';
import { ClientBookings } from '../features/clients/components/client-bookings.tsx';
import { ClientEditModal } from '../features/clients/components/client-edit-modal.tsx';
import { ClientNotes } from '../features/clients/components/client-notes.tsx';
import { ClientStatusBadges, ClientStatusButton } from '../features/clients/components/client-status.tsx';
import { ReservationEditor } from '../features/reservations/components/reservation-editor.tsx';
import { refusalOr } from '../lib/api.ts';
import { usePageTitle } from '../lib/page-title.ts';

function Details({ client }: { client: ClientRecord }) {
  const [editing, setEditing] = useState(false);
  const name = `${client.first_name} ${client.last_name}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="client-details">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3" id="client-details">
            Details
          </Title>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <ClientStatusButton client={client} name={name} />
          </Group>
        </Group>
        <ClientStatusBadges client={client} />
        <dl>
          <Text component="dt" size="sm" c="dimmed">
            Email
          </Text>
          <Text component="dd" size="sm" m={0} mb="xs">
            {client.email}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            Phone
          </Text>
          <Text component="dd" size="sm" m={0} mb="xs">
            {client.phone ?? 'Not provided'}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            Region
          </Text>
          <Text component="dd" size="sm" m={0}>
            {client.region ?? 'Not provided'}
          </Text>
        </dl>
        {!client.registered && (
          <Text size="sm" c="dimmed">
            {UNREGISTERED_NOTICE}
          </Text>
        )}
      </Stack>
      <ClientEditModal client={client} opened={editing} onClose={() => setEditing(false)} />
    </Card>
  );
}

/**
 * A client's page (issue 21 item 11): their details with Edit and Activate/Deactivate, their
 * bookings with the business and what they owe, and the business's private notes.
 */
export default function ClientRecordPage() {
  const { clientId = '' } = useParams();
  const record = useClientRecord(clientId);
  const { data: user } = useCurrentUser();
  const [opened, setOpened] = useState<string | null>(null);
  const client = record.data;
  usePageTitle(client ? `${client.first_name} ${client.last_name}` : 'Client');
  // Bookings open in the reservation editor for whoever may manage reservations.
  const mayOpen = !!user && canAccessRoute('reservationManagement', user);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/tenant-management" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            My Clients
          </Group>
        </Anchor>
        {record.isPending && (
          <Stack role="status" aria-label="Loading client">
            <Skeleton height={36} width="40%" />
            <Skeleton height={180} radius="md" />
          </Stack>
        )}
        {record.isError && (
          <>
            <Title order={1}>Client</Title>
            <Alert color="red" role="alert">
              {refusalOr(record.error, CLIENT_RECORD_MESSAGES.loadFailed)}
            </Alert>
          </>
        )}
        {client && (
          <>
            <Title order={1}>
              {client.first_name} {client.last_name}
            </Title>
            <Details client={client} />
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="client-bookings">
              <Stack gap="sm">
                <Title order={2} size="h3" id="client-bookings">
                  Bookings
                </Title>
                <ClientBookings clientId={client.id} onOpen={mayOpen ? setOpened : undefined} />
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="client-notes">
              <Stack gap="sm">
                <Title order={2} size="h3" id="client-notes">
                  Notes
                </Title>
                <ClientNotes key={client.notes_updated_at ?? 'none'} client={client} />
              </Stack>
            </Card>
          </>
        )}
      </Stack>
      {user && mayOpen && (
        <ReservationEditor
          user={user}
          opened={opened !== null}
          reservationId={opened}
          onClose={() => setOpened(null)}
        />
      )}
    </Container>
  );
}
