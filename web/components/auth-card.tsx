import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title.ts';

/** The centred card the account screens share. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size={480} py={48} px="md">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mt={4}>
                {subtitle}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
