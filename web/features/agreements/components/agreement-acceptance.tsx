import { Anchor, Button, Checkbox, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { acceptanceLabel } from '../../../../domain/agreement.ts';
import { businessDateOf, formatDisplayDate } from '../../../../domain/dates.ts';
import type { AgreementVersion } from '../../../../domain/schemas/agreement.ts';
import { AgreementText } from './agreement-text.tsx';

/** Reading a version in a dialog, with its PDF to keep. */
export function AgreementDialog({
  agreement,
  opened,
  onClose,
}: {
  agreement: AgreementVersion;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={`${agreement.business_name}'s rental agreement`}
      closeButtonProps={{ 'aria-label': 'Close the agreement' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Version {agreement.version} of {formatDisplayDate(businessDateOf(agreement.created_at))}
        </Text>
        <AgreementText body={agreement.body} />
        <Group justify="space-between">
          <Anchor href={agreement.pdf_url} target="_blank" rel="noopener">
            Download as PDF
          </Anchor>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The booking page's acceptance of the business's rental agreement: a required checkbox and a link
 * that opens the agreement (docs/decisions/037). Nothing is shown under Rentza's standard terms.
 */
export function AgreementAcceptance({
  agreement,
  loading,
  accepted,
  onAcceptedChange,
}: {
  agreement: AgreementVersion | null | undefined;
  loading: boolean;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  if (loading) return <Skeleton height={24} aria-label="Loading the rental agreement" />;
  if (!agreement) return null;
  return (
    <Stack gap={4}>
      <Checkbox
        required
        checked={accepted}
        onChange={(event) => onAcceptedChange(event.currentTarget.checked)}
        label={acceptanceLabel(agreement.business_name)}
      />
      <Anchor component="button" type="button" size="sm" onClick={open} style={{ alignSelf: 'flex-start' }}>
        Read the rental agreement (version {agreement.version})
      </Anchor>
      <AgreementDialog agreement={agreement} opened={opened} onClose={close} />
    </Stack>
  );
}
