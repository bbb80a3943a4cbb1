import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/page-title.ts';

/** The frame of a billing setup screen: its title (page and tab), a line on what it is for, its parts. */
export function BillingPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </div>
        {children}
      </Stack>
    </Container>
  );
}

/** A titled part of a billing screen (the form, the list). */
export function BillingSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
