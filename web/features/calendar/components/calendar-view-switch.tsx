import { Group, SegmentedControl } from '@mantine/core';
import { TIMELINE_WEEKS, type TimelineWeeks } from '../../../../domain/calendar/timeline.ts';

export type CalendarView = 'month' | 'timeline';

interface CalendarViewSwitchProps {
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  weeks: TimelineWeeks;
  onWeeksChange: (weeks: TimelineWeeks) => void;
}

/** Month or Timeline, and the timeline's span in weeks. */
export function CalendarViewSwitch({ view, onViewChange, weeks, onWeeksChange }: CalendarViewSwitchProps) {
  return (
    <Group gap="sm" wrap="wrap">
      <SegmentedControl
        aria-label="View"
        value={view}
        onChange={(value) => onViewChange(value as CalendarView)}
        data={[
          { value: 'month', label: 'Month' },
          { value: 'timeline', label: 'Timeline' },
        ]}
      />
      {view === 'timeline' && (
        <SegmentedControl
          aria-label="Weeks shown"
          value={String(weeks)}
          onChange={(value) => onWeeksChange(Number(value) as TimelineWeeks)}
          data={TIMELINE_WEEKS.map((count) => ({
            value: String(count),
            label: count === 1 ? '1 week' : `${count} weeks`,
          }))}
        />
      )}
    </Group>
  );
}
