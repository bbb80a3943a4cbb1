import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';

/** A screen whose route, guard and links are final while its content is delivered by a later issue. */
export function PlannedScreen({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Container size="md" py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack align="flex-start">
          <Title order={1}>{title}</Title>
          <Text c="dimmed">This screen is coming soon to Rentza.</Text>
          <Button component={Link} to="/" variant="light">
            Back to home
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
