import { SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DEFAULT_PAYMENT_PLAN } from '../../../../domain/payment-plan.ts';
import { PlanFields } from '../../business/components/plan-fields.tsx';
import type { PropertyFormValues } from '../property-form-values.ts';

/** A listing's instant book and payment plan (decision 059): the business's plan, or its own. */
export function ListingPaymentFields({ form }: { form: UseFormReturnType<PropertyFormValues> }) {
  const plan = form.values.paymentPlan;
  const errors = form.errors;
  const planError = (field: string) => {
    const message = errors[`paymentPlan.${field}`];
    return typeof message === 'string' ? message : undefined;
  };
  return (
    <Stack gap="sm">
      <Switch
        label="Instant book"
        description="A client’s booking is confirmed at once, without you accepting it."
        {...form.getInputProps('instantBook', { type: 'checkbox' })}
      />
      <div>
        <Text size="sm" fw={500} id="listing-payment-plan-label">
          Payment plan
        </Text>
        <SegmentedControl
          aria-labelledby="listing-payment-plan-label"
          data={[
            { value: 'business', label: 'Use my business plan' },
            { value: 'custom', label: 'Custom for this listing' },
          ]}
          value={plan ? 'custom' : 'business'}
          onChange={(value) =>
            form.setFieldValue('paymentPlan', value === 'custom' ? DEFAULT_PAYMENT_PLAN : null)
          }
        />
      </div>
      {plan && (
        <PlanFields
          plan={plan}
          onChange={(next) => form.setFieldValue('paymentPlan', next)}
          errors={{
            depositPercent: planError('depositPercent'),
            depositAmountCents: planError('depositAmountCents'),
            balanceDaysBefore: planError('balanceDaysBefore'),
          }}
        />
      )}
      {!plan && (
        <Text size="xs" c="dimmed">
          Set your business plan under Profile → Payment plan and cancellation.
        </Text>
      )}
    </Stack>
  );
}
