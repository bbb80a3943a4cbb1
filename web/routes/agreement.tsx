import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { MAX_AGREEMENT_CHARS, normaliseAgreement } from '../../domain/agreement.ts';
import { businessDateOf, formatDisplayDate, formatDisplayDateTime } from '../../domain/dates.ts';
import { type AgreementEditor, useAgreementEditor, useSaveAgreement } from '../features/agreements/api.ts';
import { AgreementText } from '../features/agreements/components/agreement-text.tsx';
import { refusalOr } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

const FORMAT_HELP =
  'Formatting: # Heading, ## Subheading, **bold**, *italic*, "- " for a bulleted list and "1. " for a numbered list. A blank line starts a new paragraph.';

function Editor({ editor }: { editor: AgreementEditor }) {
  const save = useSaveAgreement();
  const [draft, setDraft] = useState(editor.latest?.body ?? '');
  const [tab, setTab] = useState<string | null>('write');
  const changed = normaliseAgreement(draft) !== normaliseAgreement(editor.latest?.body ?? '');
  const empty = draft.trim().length === 0;

  const submit = async () => {
    try {
      const saved = await save.mutateAsync({ body: draft });
      notifySuccess(
        saved.created
          ? `Version ${saved.agreement.version} saved: clients now accept this version when they book`
          : 'No changes to save',
      );
    } catch (error) {
      notifyError(refusalOr(error, 'Failed to save your agreement'));
    }
  };

  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="write">Write</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="md">
          <Textarea
            label="Agreement text"
            description={FORMAT_HELP}
            autosize
            minRows={12}
            maxRows={30}
            maxLength={MAX_AGREEMENT_CHARS}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {draft.length.toLocaleString('en-ZA')} of {MAX_AGREEMENT_CHARS.toLocaleString('en-ZA')} characters
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          <Paper withBorder p="md" radius="md" role="region" aria-label="Preview of your agreement">
            {empty ? (
              <Text c="dimmed">Nothing to preview yet.</Text>
            ) : (
              <AgreementText body={draft} headingOffset={2} />
            )}
          </Paper>
        </Tabs.Panel>
      </Tabs>
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending} disabled={empty || !changed}>
          {editor.latest ? 'Save as a new version' : 'Save agreement'}
        </Button>
        {changed && editor.latest && (
          <Text size="sm" c="dimmed">
            Unsaved changes: clients keep accepting version {editor.latest.version} until you save.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

function History({ editor }: { editor: AgreementEditor }) {
  if (editor.versions.length === 0)
    return <Text c="dimmed">No versions yet: your first save is version 1.</Text>;
  const ownerId = editor.latest?.owner_id ?? '';
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Version</Table.Th>
            <Table.Th>Saved</Table.Th>
            <Table.Th>Read</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {editor.versions.map((row) => (
            <Table.Tr key={row.version}>
              <Table.Td>
                {row.version}
                {row.version === editor.latest?.version ? ' (latest)' : ''}
              </Table.Td>
              <Table.Td>{formatDisplayDateTime(row.created_at)}</Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Anchor component={Link} to={`/agreements/${ownerId}/${row.version}`}>
                    Open version {row.version}
                  </Anchor>
                  <Anchor href={row.pdf_url} target="_blank" rel="noopener">
                    PDF
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The owner writes the business's rental agreement (custom_agreement add-on, docs/decisions/037). */
export default function AgreementPage() {
  usePageTitle('Rental Agreement');
  const { data: editor, isPending, isError } = useAgreementEditor();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Rental Agreement
          </Title>
          <Text c="dimmed">
            Clients booking your listings read and accept your agreement on the booking page; the version they
            accepted is kept with their booking, printed with its confirmation and attached to its email.
          </Text>
        </Stack>
        {isPending ? (
          <Stack role="status" aria-busy="true" aria-label="Loading your agreement">
            <Skeleton height={36} />
            <Skeleton height={240} />
          </Stack>
        ) : isError || !editor ? (
          <Alert color="red">Failed to load your agreement</Alert>
        ) : (
          <>
            {editor.has_add_on ? (
              editor.latest ? (
                <Alert color="teal" title={`Version ${editor.latest.version} is in force`}>
                  Saved {formatDisplayDate(businessDateOf(editor.latest.created_at))}. Clients accept it when
                  they book.
                </Alert>
              ) : (
                <Alert color="blue" title="No agreement yet">
                  Until you save one, Rentza's standard terms apply to your bookings.
                </Alert>
              )
            ) : (
              <Alert color="yellow" title="Add the Custom Agreement add-on">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    Your own rental agreement comes with the Custom Agreement add-on. Without it, Rentza's
                    standard terms apply to your bookings
                    {editor.latest ? '; bookings made under your agreement keep it' : ''}.
                  </Text>
                  <Button component={Link} to="/subscription" variant="light" size="xs">
                    Open Subscription
                  </Button>
                </Stack>
              </Alert>
            )}
            {editor.has_add_on && <Editor key={editor.latest?.version ?? 0} editor={editor} />}
            <Stack gap="xs">
              <Title order={2} size="h4">
                Versions
              </Title>
              <History editor={editor} />
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}
