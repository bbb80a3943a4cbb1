import {
  Alert,
  Anchor,
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
import { IconPaperclip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MailSchema, MailSummarySchema } from '../../domain/schemas/mailbox.ts';
import { api } from '../lib/api.ts';
import { usePageTitle } from '../lib/page-title.ts';

const formatTime = (iso: string) =>
  new Intl.DateTimeFormat('en-ZA', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Johannesburg',
  }).format(new Date(iso));

const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 102.4) / 10} KB`);

/** Links in captured mail open in this tab, so each email flow can be completed here. */
const withTopTarget = (html: string) =>
  html
    .replace('<head>', '<head><base target="_top">')
    .replace(/^<!doctype html>/i, '<!doctype html><base target="_top">');

function MailView({ id }: { id: string }) {
  const { data, isPending } = useQuery({
    queryKey: ['dev-mail', id],
    queryFn: () => api.get(`/api/dev/mailbox/${id}`, MailSchema),
  });
  if (isPending || !data) return <Skeleton height={400} />;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {data.subject}
      </Title>
      <Text size="sm" c="dimmed">
        To {data.to} · {formatTime(data.created_at)}
        {data.reply_to && ` · Reply to ${data.reply_to}`}
      </Text>
      {data.attachments.length > 0 && (
        <Group
          gap="xs"
          component="ul"
          aria-label="Attachments"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {data.attachments.map((file) => (
            <li key={file.id}>
              <Anchor href={file.url} download={file.file_name} size="sm">
                <Group gap={4} wrap="nowrap" component="span">
                  <IconPaperclip size={16} aria-hidden />
                  {file.file_name} ({formatSize(file.size)})
                </Group>
              </Anchor>
            </li>
          ))}
        </Group>
      )}
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
  usePageTitle('Dev mailbox');
  const [selected, setSelected] = useState<string | null>(null);
  const { data, isPending, isError } = useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: () => api.get('/api/dev/mailbox', MailSummarySchema.array()),
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
