import {
  Alert,
  Badge,
  Box,
  Container,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api.ts';

interface MailSummary {
  id: string;
  to: string;
  subject: string;
  created_at: string;
}
interface Mail extends MailSummary {
  html: string;
  text: string;
}

const formatTime = (iso: string) =>
  new Intl.DateTimeFormat('en-ZA', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Johannesburg',
  }).format(new Date(iso));

/** Links in captured mail open in this tab, so each email flow can be completed here. */
const withTopTarget = (html: string) =>
  html
    .replace('<head>', '<head><base target="_top">')
    .replace(/^<!doctype html>/i, '<!doctype html><base target="_top">');

function MailView({ id }: { id: string }) {
  const { data, isPending } = useQuery({
    queryKey: ['dev-mail', id],
    queryFn: () => api.get<Mail>(`/api/dev/mailbox/${id}`),
  });
  if (isPending || !data) return <Skeleton height={400} />;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {data.subject}
      </Title>
      <Text size="sm" c="dimmed">
        To {data.to} · {formatTime(data.created_at)}
      </Text>
      <Box
        component="iframe"
        title={`Email: ${data.subject}`}
        srcDoc={withTopTarget(data.html)}
        style={{
          width: '100%',
          minHeight: 480,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 8,
          background: '#fff',
        }}
      />
    </Stack>
  );
}

export default function DevMailboxPage() {
  const [selected, setSelected] = useState<string | null>(null);
  const { data, isPending, isError } = useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: () => api.get<MailSummary[]>('/api/dev/mailbox'),
    refetchInterval: 3000,
  });
  const current = selected ?? data?.[0]?.id ?? null;

  return (
    <Container size="xl" py="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>Dev mailbox</Title>
          <Badge variant="light">SMTP not configured</Badge>
        </Group>
        <Text c="dimmed">Every email this server sends is captured here instead. Links in them work.</Text>
        {isError && <Alert color="red">The dev mailbox is only available when SMTP is not configured.</Alert>}
        {isPending && <Skeleton height={300} />}
        {data && data.length === 0 && <Text>No emails yet.</Text>}
        {data && data.length > 0 && (
          <Grid>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <ScrollArea.Autosize mah={600}>
                <Stack
                  gap={6}
                  component="ul"
                  aria-label="Emails"
                  style={{ listStyle: 'none', padding: 0, margin: 0 }}
                >
                  {data.map((mail) => (
                    <li key={mail.id}>
                      <UnstyledButton
                        onClick={() => setSelected(mail.id)}
                        w="100%"
                        aria-current={mail.id === current}
                      >
                        <Paper
                          withBorder
                          p="sm"
                          bg={mail.id === current ? 'var(--mantine-color-cyan-light)' : undefined}
                        >
                          <Text fw={600} size="sm">
                            {mail.subject}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {mail.to} · {formatTime(mail.created_at)}
                          </Text>
                        </Paper>
                      </UnstyledButton>
                    </li>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>{current && <MailView id={current} />}</Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
