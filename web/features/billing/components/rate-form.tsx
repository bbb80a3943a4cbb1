import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { RATE_CURRENCY, rateLabel } from '../../../../domain/billing-rates.ts';
import type { PriceUnit } from '../../../../domain/rental-unit.ts';
import { DatePickerInput } from '../../../components/mantine-dates.ts';
import type { RateForm as RateFormValues } from '../drafts.ts';
import { AmountInput } from './amount-input.tsx';

interface RateFormProps {
  unit: PriceUnit;
  values: RateFormValues;
  onChange: (values: RateFormValues) => void;
  /** What is wrong with the dates (spec §5's messages), shown under End. */
  problem: string | null;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  onReset: () => void;
}

const CURRENCIES = [RATE_CURRENCY];
/** The calendar's arrow and heading buttons are icons or bare text: name them. */
const PICKER_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
};

/** Start, End (exclusive), the rate in the listing's unit, Currency; Save and Reset (spec §2). */
export function RateForm({
  unit,
  values,
  onChange,
  problem,
  canSave,
  saving,
  onSave,
  onReset,
}: RateFormProps) {
  const set = (changes: Partial<RateFormValues>) => onChange({ ...values, ...changes });
  return (
    <form
      aria-label={values.id ? 'Edit rate' : 'New rate'}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave && !saving) onSave();
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <DatePickerInput
          label="Start"
          required
          ariaLabels={PICKER_LABELS}
          valueFormat="DD/MM/YYYY"
          placeholder="Pick a date"
          value={values.startDate}
          onChange={(value) => set({ startDate: value ? String(value) : null })}
        />
        <DatePickerInput
          label="End (exclusive)"
          required
          ariaLabels={PICKER_LABELS}
          valueFormat="DD/MM/YYYY"
          placeholder="Pick a date"
          value={values.endDate}
          error={problem}
          onChange={(value) => set({ endDate: value ? String(value) : null })}
        />
        <AmountInput
          label={rateLabel(unit)}
          required
          value={values.rate}
          onChange={(rate) => set({ rate })}
        />
        <Select label="Currency" data={CURRENCIES} value={RATE_CURRENCY} allowDeselect={false} />
      </SimpleGrid>
      <Group mt="md">
        <Button type="submit" disabled={!canSave} loading={saving}>
          Save
        </Button>
        <Button variant="default" onClick={onReset}>
          Reset
        </Button>
      </Group>
    </form>
  );
}
