import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { businessDateOf, formatDisplayDate } from '../../../../domain/dates.ts';
import type { AgreementVersion } from '../../../../domain/schemas/agreement.ts';
import { AgreementText } from './agreement-text.tsx';

/**
 * Reading a version in a dialog, with its PDF to keep. Loaded when first opened (agreement-acceptance.tsx):
 * the dialog and the Markdown lexer are not part of the booking page's first load (docs/decisions/073).
 */
export default function AgreementDialog({
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
