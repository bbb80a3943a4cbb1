import { NumberInput, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PaymentPlan } from '../../../../domain/payment-plan.ts';

/** The fields of a payment plan, shared by the business's settings and a listing's own plan. */
export function PlanFields({
  plan,
  onChange,
  errors = {},
}: {
  plan: PaymentPlan;
  onChange: (plan: PaymentPlan) => void;
  /** Messages by field (depositPercent, depositAmountCents, balanceDaysBefore). */
  errors?: Partial<Record<keyof PaymentPlan, string>>;
}) {
  const set = <K extends keyof PaymentPlan>(key: K, value: PaymentPlan[K]) =>
    onChange({ ...plan, [key]: value });
  const number = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} id="plan-kind-label">
          How clients pay
        </Text>
        <SegmentedControl
          aria-labelledby="plan-kind-label"
          fullWidth
          data={[
            { value: 'full', label: 'Pay in full at booking' },
            { value: 'deposit', label: 'Deposit at booking, balance later' },
          ]}
          value={plan.kind}
          onChange={(value) => set('kind', value as PaymentPlan['kind'])}
        />
      </div>
      {plan.kind === 'deposit' && (
        <>
          <div>
            <Text size="sm" fw={500} id="deposit-type-label">
              Deposit type
            </Text>
            <SegmentedControl
              aria-labelledby="deposit-type-label"
              data={[
                { value: 'percent', label: 'Percentage' },
                { value: 'amount', label: 'Amount' },
              ]}
              value={plan.depositType}
              onChange={(value) => set('depositType', value as PaymentPlan['depositType'])}
            />
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {plan.depositType === 'percent' ? (
              <NumberInput
                label="Deposit %"
                min={0}
                max={100}
                decimalScale={2}
                suffix="%"
                value={plan.depositPercent}
                onChange={(value) => set('depositPercent', number(value))}
                error={errors.depositPercent}
              />
            ) : (
              <NumberInput
                label="Deposit amount (R)"
                min={0}
                decimalScale={2}
                prefix="R "
                thousandSeparator=" "
                value={plan.depositAmountCents / 100}
                onChange={(value) => set('depositAmountCents', Math.round(number(value) * 100))}
                error={errors.depositAmountCents}
              />
            )}
            <NumberInput
              label="Balance due (days before the start)"
              min={0}
              max={365}
              allowDecimal={false}
              value={plan.balanceDaysBefore}
              onChange={(value) => set('balanceDaysBefore', number(value))}
              error={errors.balanceDaysBefore}
            />
          </SimpleGrid>
        </>
      )}
      <div>
        <Text size="sm" fw={500} id="security-deposit-label">
          Security deposit
        </Text>
        <SegmentedControl
          aria-labelledby="security-deposit-label"
          data={[
            { value: 'with_balance', label: 'With the balance' },
            { value: 'separately', label: 'Collected separately' },
          ]}
          value={plan.securityDeposit}
          onChange={(value) => set('securityDeposit', value as PaymentPlan['securityDeposit'])}
        />
      </div>
    </Stack>
  );
}

/** The first message of each plan field from a zod result's issues (path ['plan', field] or [field]). */
export function planErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  prefix: readonly string[] = [],
): Partial<Record<keyof PaymentPlan, string>> {
  const errors: Partial<Record<keyof PaymentPlan, string>> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (prefix.some((part, index) => path[index] !== part)) continue;
    const field = path[prefix.length] as keyof PaymentPlan | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
