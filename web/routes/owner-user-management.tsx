import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatDisplayDateTime } from '../../domain/dates.ts';
import { formatRoleLabel } from '../../domain/roles.ts';
import { STAFF_FAILURES, STAFF_TOASTS } from '../../domain/staff.ts';
import { LoadingSkeleton } from '../components/loading-skeleton.tsx';
import { useCurrentUser } from '../features/account/api.ts';
import {
  type Invitation,
  useDeleteInvitation,
  useResendInvitation,
  useStaff,
} from '../features/staff/api.ts';
import { InviteForm } from '../features/staff/components/invite-form.tsx';
import { StaffList } from '../features/staff/components/staff-list.tsx';
import { refusalOr } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

const ROLE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'backoffice', label: 'Back office' },
  { value: 'frontoffice', label: 'Front office' },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function PendingInvitation({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitation();
  const remove = useDeleteInvitation();
  const expired = Date.parse(invitation.expires_at) <= Date.now();
  const who = invitation.first_name
    ? `${invitation.first_name} ${invitation.last_name} (${invitation.email})`
    : invitation.email;
  return (
    <Group justify="space-between" wrap="wrap" py={6} role="listitem">
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {who}
        </Text>
        <Text size="xs" c="dimmed">
          {formatRoleLabel(invitation.role)} ·{' '}
          {expired ? 'Link expired' : `Link works until ${formatDisplayDateTime(invitation.expires_at)}`}
        </Text>
      </Stack>
      <Group gap="xs">
        {expired && (
          <Badge color="yellow" variant="light">
            Expired
          </Badge>
        )}
        <Button
          size="xs"
          variant="light"
          loading={resend.isPending}
          aria-label={`Resend invitation to ${invitation.email}`}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () => notifySuccess(STAFF_TOASTS.resent),
              onError: (error) => notifyError(refusalOr(error, STAFF_FAILURES.send)),
            })
          }
        >
          Resend
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={`Delete invitation to ${invitation.email}`}
          onClick={() =>
            modals.openConfirmModal({
              title: 'Delete this invitation?',
              children: <Text size="sm">The link sent to {invitation.email} stops working.</Text>,
              labels: { confirm: 'Delete', cancel: 'Cancel' },
              confirmProps: { color: 'red' },
              onConfirm: () =>
                remove.mutate(invitation.id, {
                  onSuccess: () => notifySuccess(STAFF_TOASTS.revoked),
                  onError: (error) => notifyError(refusalOr(error, STAFF_FAILURES.create)),
                }),
            })
          }
        >
          Delete
        </Button>
      </Group>
    </Group>
  );
}

/** Owner staff management (spec §2): invite back-office and front-office staff, and manage them. */
export default function OwnerUserManagementPage() {
  usePageTitle('User Management');
  const { data: user } = useCurrentUser();
  const staff = useStaff();
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState('all');
  const needle = search.trim().toLowerCase();
  const members = (staff.data?.staff ?? []).filter(
    (member) =>
      (roleFilter === 'all' || member.role === roleFilter) &&
      (!needle || `${member.first_name} ${member.last_name} ${member.email}`.toLowerCase().includes(needle)),
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>User Management</Title>
          <Text c="dimmed">Invite your back-office and front-office staff, and choose what each may do.</Text>
        </div>
        <Section title="Invite staff">
          <InviteForm />
        </Section>
        {staff.isError && (
          <Alert color="red" role="alert">
            {refusalOr(staff.error, STAFF_FAILURES.load)}
          </Alert>
        )}
        {!!staff.data?.invitations.length && (
          <Section title="Pending invitations">
            <Stack gap={0} role="list" aria-label="Pending invitations">
              {staff.data.invitations.map((invitation) => (
                <PendingInvitation key={invitation.id} invitation={invitation} />
              ))}
            </Stack>
          </Section>
        )}
        <Section title="Staff">
          <Group mb="md" align="flex-end">
            <TextInput
              label="Search staff"
              placeholder="Name or email"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="staff-role-filter">
                Role
              </Text>
              <SegmentedControl
                aria-labelledby="staff-role-filter"
                data={ROLE_FILTERS}
                value={roleFilter}
                onChange={setRoleFilter}
              />
            </Stack>
          </Group>
          {staff.isPending && <LoadingSkeleton label="Loading staff" height={120} />}
          {staff.data && members.length === 0 && (
            <Text c="dimmed" ta="center" py="md">
              {staff.data.staff.length === 0
                ? 'No staff yet. Invite your first team member above.'
                : 'No staff match.'}
            </Text>
          )}
          {members.length > 0 && <StaffList members={members} selfId={user?.id} />}
        </Section>
      </Stack>
    </Container>
  );
}
