import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { describeCancellationPolicy, describePlan } from '../../../../domain/payment-plan.ts';
import { type PaymentSettings, PaymentSettingsSchema } from '../../../../domain/schemas/online-payments.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePaymentSettings, useSavePaymentSettings } from '../payment-settings-api.ts';
import { PlanFields, planErrors } from './plan-fields.tsx';

export const PAYMENT_PLAN_MESSAGES = {
  saved: 'Payment plan and cancellation policy saved',
  saveFailed: 'Failed to save your payment plan',
} as const;

function PaymentPlanForm({ settings }: { settings: PaymentSettings }) {
  const save = useSavePaymentSettings();
  const [values, setValues] = useState(settings);
  const checked = PaymentSettingsSchema.safeParse(values);
  const issues = checked.success ? [] : checked.error.issues;
  const cancellationErrors = planErrors(issues, ['cancellation']) as Record<string, string | undefined>;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!checked.success) return;
    try {
      await save.mutateAsync(checked.data);
      notifySuccess(PAYMENT_PLAN_MESSAGES.saved);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : PAYMENT_PLAN_MESSAGES.saveFailed);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Payment plan and cancellation">
      <Stack>
        <PlanFields
          plan={values.plan}
          onChange={(plan) => setValues({ ...values, plan })}
          errors={planErrors(issues, ['plan'])}
        />
        <Title order={3} size="h5">
          Cancellation
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Free cancellation until (days before the start)"
            min={0}
            max={365}
            allowDecimal={false}
            value={values.cancellation.freeUntilDaysBefore}
            onChange={(value) =>
              setValues({
                ...values,
                cancellation: {
                  ...values.cancellation,
                  freeUntilDaysBefore: Number(value === '' ? Number.NaN : value),
                },
              })
            }
            error={cancellationErrors.freeUntilDaysBefore}
          />
          <NumberInput
            label="Then a fee of (% of the total)"
            min={0}
            max={100}
            decimalScale={2}
            suffix="%"
            value={values.cancellation.feePercent}
            onChange={(value) =>
              setValues({
                ...values,
                cancellation: {
                  ...values.cancellation,
                  feePercent: Number(value === '' ? Number.NaN : value),
                },
              })
            }
            error={cancellationErrors.feePercent}
          />
        </SimpleGrid>
        <Alert color="gray" title="What clients read" aria-live="polite">
          {checked.success ? (
            <>
              <Text size="sm">{describePlan(checked.data.plan)}</Text>
              <Text size="sm">{describeCancellationPolicy(checked.data.cancellation)}</Text>
            </>
          ) : (
            <Text size="sm">Correct the fields above to see the preview.</Text>
          )}
        </Alert>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!checked.success}>
            Save payment plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The business's payment plan and cancellation policy: how clients pay a confirmed booking (decision 059). */
export function PaymentPlanSection() {
  const { data, isPending, isError } = usePaymentSettings();
  return (
    <section aria-labelledby="payment-plan">
      <Card withBorder padding="lg" radius="md">
        <Stack>
          <div>
            <Title order={2} size="h3" id="payment-plan">
              Payment plan and cancellation
            </Title>
            <Text size="sm" c="dimmed">
              How clients pay when you confirm a booking, and what a cancellation costs them. Confirmed
              bookings keep the terms they were confirmed with.
            </Text>
          </div>
          {isPending && <Skeleton height={200} />}
          {isError && <Alert color="red">Failed to load your payment plan</Alert>}
          {data && <PaymentPlanForm settings={data} />}
        </Stack>
      </Card>
    </section>
  );
}
