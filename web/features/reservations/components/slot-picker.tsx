import { Button, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { formatDisplayDate } from '../../../../domain/dates.ts';
import {
  formatUnits,
  type HourlyRules,
  nextSlotRangeAfterClick,
  type SlotRange,
  type SlotState,
  slotEnd,
  slotStarts,
  slotState,
  type TimeRange,
} from '../../../../domain/rental-unit.ts';

const SLOT_LABELS: Record<SlotState, string> = {
  available: 'available',
  selected: 'selected',
  taken: 'taken',
  past: 'past',
};

/**
 * An hourly listing's half-hour slots on one day: the first click picks the start slot, the second
 * the last (domain/rental-unit.ts nextSlotRangeAfterClick); taken slots, and today's slots already
 * gone (`past`), are disabled and say so.
 */
export function SlotPicker({
  day,
  rules,
  taken,
  loading,
  range,
  onRangeChange,
  past,
}: {
  day: string;
  rules: HourlyRules | undefined;
  taken: readonly TimeRange[];
  past: TimeRange | null;
  loading: boolean;
  range: SlotRange;
  onRangeChange: (range: SlotRange) => void;
}) {
  return (
    <section aria-labelledby="times-heading">
      <Title order={2} size="h4" id="times-heading" mb="xs">
        Times on {formatDisplayDate(day)}
      </Title>
      {loading && <Loader size="sm" role="status" aria-label="Loading times" />}
      {rules && (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            Bookable {rules.bookableHours.start}–{rules.bookableHours.end}, minimum{' '}
            {formatUnits('hour', rules.minimumHours)}.{' '}
            {range.start && !range.last
              ? 'Now choose your last half hour.'
              : 'Choose your first half hour, then your last.'}
          </Text>
          <SimpleGrid
            cols={{ base: 4, xs: 6, sm: 8 }}
            spacing={6}
            verticalSpacing={6}
            role="group"
            aria-label={`Half-hour slots on ${formatDisplayDate(day)}`}
          >
            {slotStarts(rules).map((slot) => {
              const state = slotState(range, slot, taken, past);
              const unavailable = state === 'taken' || state === 'past';
              return (
                <Button
                  key={slot}
                  size="compact-sm"
                  variant={state === 'selected' ? 'filled' : 'default'}
                  disabled={unavailable}
                  aria-pressed={state === 'selected'}
                  aria-label={`${slot}, ${SLOT_LABELS[state]}`}
                  title={`${slot}–${slotEnd(slot)}`}
                  style={unavailable ? { textDecoration: 'line-through' } : undefined}
                  onClick={() =>
                    onRangeChange(nextSlotRangeAfterClick(range, slot, past ? [past, ...taken] : taken))
                  }
                >
                  {slot}
                </Button>
              );
            })}
          </SimpleGrid>
        </>
      )}
    </section>
  );
}
