import { Anchor, Checkbox, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { acceptanceLabel } from '../../../../domain/booking-page.ts';
import type { AgreementVersion } from '../../../../domain/schemas/agreement.ts';

const loadDialog = () => import('./agreement-dialog.tsx');
const AgreementDialog = lazy(loadDialog);

/**
 * The required checkbox and the link that opens the agreement (agreement-acceptance.tsx loads this
 * module when the business has an agreement in force). The dialog's code loads when the link is
 * reached for (pointer over it, focus) or first opened.
 */
export default function AgreementCheck({
  agreement,
  accepted,
  onAcceptedChange,
}: {
  agreement: AgreementVersion;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  // Once opened, the dialog stays mounted, so that it closes with its transition.
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadDialog().catch(() => {});
  return (
    <Stack gap={4}>
      <Checkbox
        required
        checked={accepted}
        onChange={(event) => onAcceptedChange(event.currentTarget.checked)}
        label={acceptanceLabel(agreement.business_name)}
      />
      <Anchor
        component="button"
        type="button"
        size="sm"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          open();
        }}
        style={{ alignSelf: 'flex-start' }}
      >
        Read the rental agreement (version {agreement.version})
      </Anchor>
      {wanted && (
        <Suspense fallback={null}>
          <AgreementDialog agreement={agreement} opened={opened} onClose={close} />
        </Suspense>
      )}
    </Stack>
  );
}
