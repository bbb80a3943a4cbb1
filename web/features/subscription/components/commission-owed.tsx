import { Text } from '@mantine/core';
import { formatRandCents } from '../../../../domain/money.ts';
import { useCommission } from '../commission-api.ts';

/** On the commission model, the Overview says what is owed and what has accrued since the last statement. */
export function CommissionOwed() {
  const commission = useCommission();
  if (!commission.data?.onCommission) return null;
  const { dueCents, openTotalCents } = commission.data;
  return (
    <Text fw={500} data-testid="commission-owed">
      Commission owed: {formatRandCents(dueCents)} · since the last statement:{' '}
      {formatRandCents(openTotalCents)} (statements and payment on the Billing tab)
    </Text>
  );
}
