import { Button, Group, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface CalendarToolbarProps {
  title: string;
  refreshing: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onRefresh: () => void;
  /** More buttons after Refresh (Block dates). */
  actions?: ReactNode;
}

/** The month and year as the title, with Previous, Next, Today and Refresh. */
export function CalendarToolbar({
  title,
  refreshing,
  onPrevious,
  onNext,
  onToday,
  onRefresh,
  actions,
}: CalendarToolbarProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Title order={2} aria-live="polite">
        {title}
      </Title>
      <Group gap="xs" wrap="wrap">
        <Button.Group>
          <Button
            variant="default"
            onClick={onPrevious}
            leftSection={<IconChevronLeft size={16} aria-hidden />}
          >
            Previous
          </Button>
          <Button variant="default" onClick={onToday}>
            Today
          </Button>
          <Button
            variant="default"
            onClick={onNext}
            rightSection={<IconChevronRight size={16} aria-hidden />}
          >
            Next
          </Button>
        </Button.Group>
        <Button
          variant="light"
          onClick={onRefresh}
          loading={refreshing}
          leftSection={<IconRefresh size={16} aria-hidden />}
        >
          Refresh
        </Button>
        {actions}
      </Group>
    </Group>
  );
}
