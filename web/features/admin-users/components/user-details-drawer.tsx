import { Alert, Badge, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatBusinessDate } from '../../../../domain/dates.ts';
import { formatRoleLabel } from '../../../../domain/roles.ts';
import { LazyDrawer } from '../../../components/lazy-drawer.tsx';
import { type AdminUserDetail, useAdminUser } from '../api.ts';
import { fullName, planText } from './user-text.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

function OwnerBusiness({ user }: { user: AdminUserDetail }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Business
      </Title>
      <Fact label="Plan">{planText(user.plan)}</Fact>
      <Fact label="Listings">{user.listing_count ?? 0}</Fact>
      <Title order={3} size="h5" mt="sm">
        Staff
      </Title>
      {user.staff.length === 0 ? (
        <Text size="sm" c="dimmed">
          No staff members
        </Text>
      ) : (
        <List spacing="xs" size="sm" aria-label={`Staff of ${fullName(user)}`}>
          {user.staff.map((member) => (
            <List.Item key={member.id}>
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {fullName(member)}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatRoleLabel(member.role)} · {member.email}
                </Text>
                {!member.is_active && (
                  <Badge color="gray" variant="light">
                    Inactive
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function Details({ user }: { user: AdminUserDetail }) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600} size="lg">
          {fullName(user)}
        </Text>
        <Fact label="Email">{user.email}</Fact>
        {user.phone && <Fact label="Phone">{user.phone}</Fact>}
        <Fact label="Role">{formatRoleLabel(user.role)}</Fact>
        <Fact label="Status">
          {user.is_active ? 'Active' : 'Inactive'}
          {user.email_verified ? '' : ' · email not verified'}
        </Fact>
        <Fact label="Joined">{formatBusinessDate(user.created_at)}</Fact>
        {user.owner_name && <Fact label="Works for">{user.owner_name}</Fact>}
      </Stack>
      {user.role === 'owner' && <OwnerBusiness user={user} />}
    </Stack>
  );
}

/** One user's details; an owner's with their plan, listings and staff. */
export function UserDetailsDrawer({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const details = useAdminUser(userId);
  return (
    <LazyDrawer opened={!!userId} onClose={onClose} position="right" title="User details">
      {details.isPending && (
        <Stack gap="sm" role="status" aria-label="Loading user details">
          <Skeleton height={24} />
          <Skeleton height={80} />
        </Stack>
      )}
      {details.isError && (
        <Alert color="red" role="alert">
          Failed to load user details
        </Alert>
      )}
      {details.data && <Details user={details.data} />}
    </LazyDrawer>
  );
}
