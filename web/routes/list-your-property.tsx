import { Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { formatRoleLabel, isStaffRole } from '../../domain/roles.ts';
import { PageSkeleton } from '../app/route-guard.tsx';
import { useLogout } from '../app/use-logout.ts';
import { type CurrentUser, useCurrentUser } from '../features/account/api.ts';
import { usePageTitle } from '../lib/page-title.ts';

const OWNER_REGISTRATION = '/register?role=owner';

function WhatOwnersGet() {
  return (
    <List size="sm" spacing={4}>
      <List.Item>List accommodation, vehicles, equipment, electronics, event spaces and storage.</List.Item>
      <List.Item>Take bookings, keep a calendar, and manage your clients and staff.</List.Item>
      <List.Item>Start on the free Starter plan; upgrade when you grow.</List.Item>
    </List>
  );
}

/** What the page says to someone signed in whose account cannot list. */
function SignedInAdvice({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  const role = formatRoleLabel(user.role).toLowerCase();
  if (isStaffRole(user.role)) {
    return (
      <>
        <Text>
          You are signed in as {role} staff. Listings belong to the owner you work for: ask them to add it
          under Property Management.
        </Text>
        <Group>
          <Button component={Link} to="/calendar">
            Go to the calendar
          </Button>
        </Group>
      </>
    );
  }
  if (user.role === 'admin') {
    return (
      <>
        <Text>You are signed in as an admin. Owners list their own properties.</Text>
        <Group>
          <Button component={Link} to="/reservation-management">
            Go to Reservation Management
          </Button>
        </Group>
      </>
    );
  }
  return (
    <>
      <Text>
        You are signed in as {user.email}, an account for renting. Listing needs an owner account: log out,
        then register as an owner with another email address. This account keeps your bookings.
      </Text>
      <WhatOwnersGet />
      <Group>
        <Button onClick={() => void logout(OWNER_REGISTRATION)}>Log out and register as an owner</Button>
        <Button component={Link} to="/properties" variant="default">
          Keep browsing
        </Button>
      </Group>
    </>
  );
}

/** Where "List Your Property" leads: owners go straight to their listings; everyone else learns how. */
export default function ListYourPropertyPage() {
  usePageTitle('List your property');
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSkeleton />;
  if (user?.role === 'owner') return <Navigate to="/property-management" replace />;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack align="flex-start">
          <Title order={1}>List your property on Rentza</Title>
          {user ? (
            <SignedInAdvice user={user} />
          ) : (
            <>
              <Text>Listing on Rentza needs an owner account.</Text>
              <WhatOwnersGet />
              <Group>
                <Button component={Link} to={OWNER_REGISTRATION}>
                  Register as an owner
                </Button>
                <Button
                  component={Link}
                  to={`/login?returnUrl=${encodeURIComponent('/property-management')}`}
                  variant="default"
                >
                  Log in to my owner account
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
