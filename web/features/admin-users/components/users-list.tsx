import { Badge, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Role } from '../../../../domain/roles.ts';
import type { AdminUser } from '../api.ts';
import { RoleSelect } from './role-select.tsx';
import { businessText, fullName } from './user-text.ts';

interface UsersListProps {
  users: AdminUser[] | undefined;
  loading: boolean;
  /** The signed-in admin: their own role and active flag are not theirs to change. */
  selfId: string | undefined;
  onRoleChange: (user: AdminUser, role: Role) => void;
  onActiveChange: (user: AdminUser) => void;
  onDetails: (user: AdminUser) => void;
}

const EMPTY = 'No users found';

function StatusBadge({ user }: { user: AdminUser }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={user.is_active ? 'teal' : 'gray'} variant="light">
        {user.is_active ? 'Active' : 'Inactive'}
      </Badge>
      {!user.email_verified && (
        <Badge color="yellow" variant="light">
          Unverified
        </Badge>
      )}
    </Group>
  );
}

type ActionsProps = Pick<UsersListProps, 'selfId' | 'onActiveChange' | 'onDetails'> & { user: AdminUser };

function Actions({ user, selfId, onActiveChange, onDetails }: ActionsProps) {
  const name = fullName(user);
  const action = user.is_active ? 'Deactivate' : 'Activate';
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" onClick={() => onDetails(user)} aria-label={`Details of ${name}`}>
        Details
      </Button>
      <Button
        size="xs"
        variant="light"
        color={user.is_active ? 'red' : 'teal'}
        disabled={user.id === selfId}
        onClick={() => onActiveChange(user)}
        aria-label={`${action} ${name}`}
      >
        {action}
      </Button>
    </Group>
  );
}

/** Users as a table from 768 px and as cards below; a skeleton while the first page loads. */
export function UsersList(props: UsersListProps) {
  const { users, loading, selfId, onRoleChange, onActiveChange, onDetails } = props;
  const actionProps = { selfId, onActiveChange, onDetails };
  const wide = useMediaQuery('(min-width: 48em)', true);
  const roleOf = (user: AdminUser) => (
    <RoleSelect user={user} disabled={user.id === selfId} onChange={onRoleChange} />
  );

  if (loading)
    return (
      <Stack gap="sm" role="status" aria-label="Loading users">
        {[1, 2, 3].map((key) => (
          <Skeleton key={key} height={wide ? 40 : 120} radius="md" />
        ))}
      </Stack>
    );
  if (!users?.length)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {EMPTY}
      </Text>
    );

  if (!wide)
    return (
      <Stack gap="sm" role="list" aria-label="Users">
        {users.map((user) => (
          <Card key={user.id} withBorder padding="md" radius="md" role="listitem">
            <Stack gap="xs">
              <div>
                <Text fw={600}>{fullName(user)}</Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </div>
              <StatusBadge user={user} />
              <Text size="sm">{businessText(user)}</Text>
              <Group justify="space-between" gap="xs">
                {roleOf(user)}
                <Actions {...actionProps} user={user} />
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped highlightOnHover aria-label="Users" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Business</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{fullName(user)}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{roleOf(user)}</Table.Td>
              <Table.Td>
                <StatusBadge user={user} />
              </Table.Td>
              <Table.Td>{businessText(user)}</Table.Td>
              <Table.Td>
                <Actions {...actionProps} user={user} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
