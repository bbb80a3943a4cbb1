import { Alert, Anchor, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { businessDateOf, formatDisplayDate } from '../../domain/dates.ts';
import { useAgreementVersion } from '../features/agreements/api.ts';
import { AgreementText } from '../features/agreements/components/agreement-text.tsx';
import { usePageTitle } from '../lib/page-title.ts';

/** /agreements/:ownerId/:version: one version of a business's rental agreement, as it was saved. */
export default function AgreementViewPage() {
  const params = useParams();
  const version = Number(params.version);
  const valid = Number.isInteger(version) && version >= 1;
  const {
    data: agreement,
    isPending,
    isError,
  } = useAgreementVersion(params.ownerId, valid ? version : undefined);
  usePageTitle(
    agreement
      ? `${agreement.business_name}'s rental agreement`
      : isPending && valid
        ? null
        : 'Rental agreement not found',
  );
  return (
    <Container size="md" py="xl">
      {!valid || isError ? (
        <Alert color="red" role="alert">
          Rental agreement not found
        </Alert>
      ) : isPending || !agreement ? (
        <Stack role="status" aria-busy="true" aria-label="Loading the agreement">
          <Skeleton height={32} width="60%" />
          <Skeleton height={320} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {agreement.business_name}'s rental agreement
            </Title>
            <Group gap="md">
              <Text c="dimmed">
                Version {agreement.version} of {formatDisplayDate(businessDateOf(agreement.created_at))}
              </Text>
              <Anchor href={agreement.pdf_url} target="_blank" rel="noopener">
                Download as PDF
              </Anchor>
            </Group>
          </Stack>
          <Paper withBorder p="md" radius="md">
            <AgreementText body={agreement.body} />
          </Paper>
        </Stack>
      )}
    </Container>
  );
}
