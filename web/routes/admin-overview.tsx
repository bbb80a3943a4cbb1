import {
  Alert,
  Anchor,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDisplayDate } from '../../domain/dates.ts';
import { PLANS } from '../../domain/plans.ts';
import { useAdminOverview } from '../features/admin-overview/api.ts';
import { usePageTitle } from '../lib/page-title.ts';

function Figure({
  id,
  title,
  value,
  caption,
  link,
  children,
}: {
  id: string;
  title: string;
  value: number;
  caption: string;
  link: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Text fz={36} fw={700} lh={1}>
          {value}
        </Text>
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
        {children}
        <Anchor component={Link} to={link.to} size="sm" mt="auto">
          {link.label}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** Where an admin lands (docs/decisions/045): the platform's figures, each leading to its list. */
export default function AdminOverviewPage() {
  usePageTitle('Overview');
  const { data, isPending, isError } = useAdminOverview();
  const since = data ? `since ${formatDisplayDate(data.month_start)}` : '';
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Overview</Title>
          <Text c="dimmed">The platform this month (Africa/Johannesburg), and where to act on it.</Text>
        </div>
        {isError && (
          <Alert color="red" role="alert">
            Failed to load the overview. Please refresh the page.
          </Alert>
        )}
        {isPending && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} role="status" aria-busy="true" aria-label="Loading">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} h={180} radius="md" />
            ))}
          </SimpleGrid>
        )}
        {data && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure
              id="overview-sign-ups"
              title="Sign-ups"
              value={data.sign_ups.this_month}
              caption={`this month, ${since}`}
              link={{ to: '/users', label: 'Open Users' }}
            >
              <Text size="sm">{`${data.sign_ups.last_30_days} in the last 30 days`}</Text>
            </Figure>
            <Figure
              id="overview-subscriptions"
              title="Active subscriptions"
              value={data.active_subscriptions.total}
              caption="owners on a plan, by plan"
              link={{ to: '/users?role=owner', label: 'Open owners' }}
            >
              <Group gap="md" component="ul" aria-label="Active subscriptions by plan" p={0} m={0}>
                {data.active_subscriptions.by_plan.map((plan) => (
                  <Text key={plan.plan_id} component="li" size="sm" style={{ listStyle: 'none' }}>
                    {`${PLANS[plan.plan_id].name}: ${plan.count}`}
                  </Text>
                ))}
              </Group>
            </Figure>
            <Figure
              id="overview-failed-payments"
              title="Failed subscription payments"
              value={data.failed_payments_this_month}
              caption={`this month, ${since}`}
              link={{ to: '/users?role=owner', label: 'Open owners to follow up' }}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
