import {
  Alert,
  Container,
  Group,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatRoleLabel, ROLES, type Role } from '../../domain/roles.ts';
import { ADMIN_USERS_PAGE_SIZE } from '../../domain/schemas/admin-users.ts';
import { LazySelect } from '../components/lazy-inputs.tsx';
import { useCurrentUser } from '../features/account/api.ts';
import { useAdminUsers } from '../features/admin-users/api.ts';
import { useUserChanges } from '../features/admin-users/components/user-changes.tsx';
import { UserDetailsDrawer } from '../features/admin-users/components/user-details-drawer.tsx';
import { UsersList } from '../features/admin-users/components/users-list.tsx';
import { usePageTitle } from '../lib/page-title.ts';

const ALL_ROLES = 'all';
const ROLE_OPTIONS = [
  { value: ALL_ROLES, label: 'All roles' },
  ...ROLES.map((role) => ({ value: role, label: formatRoleLabel(role) })),
];

/** The admin's users: find anyone, change their role, activate or deactivate them (never themselves). */
export default function UsersPage() {
  usePageTitle('Users');
  const { data: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  // The overview's links open the list filtered (/users?role=owner).
  const [params] = useSearchParams();
  const [role, setRole] = useState<string>(() => {
    const asked = params.get('role');
    return ROLES.some((known) => known === asked) ? (asked as Role) : ALL_ROLES;
  });
  const [page, setPage] = useState(1);
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const users = useAdminUsers({
    q: q || undefined,
    role: role === ALL_ROLES ? undefined : (role as Role),
    page,
    page_size: ADMIN_USERS_PAGE_SIZE,
  });
  const { changeRole, confirmActiveChange } = useUserChanges();
  const total = users.data?.total ?? 0;
  const capped = users.data?.total_capped ?? false;
  // Past a capped total (a search matching very many) the pages go on one at a time while there is a next.
  const pageCount = Math.max(
    Math.ceil(total / ADMIN_USERS_PAGE_SIZE),
    users.data?.has_next ? users.data.page + 1 : 0,
  );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Users</Title>
          <Text c="dimmed">
            Everyone with an account: their role, their business and whether they may sign in.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Search"
            placeholder="Name or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <LazySelect
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            allowDeselect={false}
            onChange={(value) => {
              setRole(value ?? ALL_ROLES);
              setPage(1);
            }}
          />
        </SimpleGrid>
        {users.isError && (
          <Alert color="red" role="alert">
            Failed to load users
          </Alert>
        )}
        {!users.isError && (
          <>
            {users.data && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {capped ? `More than ${total} users` : total === 1 ? '1 user' : `${total} users`}
              </Text>
            )}
            <UsersList
              users={users.data?.items}
              loading={users.isPending}
              selfId={me?.id}
              onRoleChange={changeRole}
              onActiveChange={confirmActiveChange}
              onDetails={(user) => setDetailsOf(user.id)}
            />
            {pageCount > 1 && (
              <Group justify="center">
                <Pagination
                  total={pageCount}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
      <UserDetailsDrawer userId={detailsOf} onClose={() => setDetailsOf(null)} />
    </Container>
  );
}
