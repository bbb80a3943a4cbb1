import { Menu, UnstyledButton } from '@mantine/core';
import { IconLock, IconTrash } from '@tabler/icons-react';
import { addDays, formatDisplayDate } from '../../../../domain/dates.ts';
import { BLOCK_REASON_LABELS } from '../../../../domain/schemas/blocked-period.ts';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type BlockedPeriod, useRemoveBlock } from '../blocks-api.ts';

const ITEM_STYLE = {
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  width: '100%',
  padding: '1px 4px',
  borderRadius: 4,
  fontSize: 'var(--mantine-font-size-xs)',
  lineHeight: 1.3,
  pointerEvents: 'auto',
  color: 'var(--mantine-color-text)',
  background: 'light-dark(var(--mantine-color-gray-3), var(--mantine-color-dark-4))',
  border: '1px dashed light-dark(var(--mantine-color-gray-6), var(--mantine-color-dark-2))',
} as const;

/** "12 Jan – 14 Jan": the blocked days, last one inclusive. */
export const blockedDays = (block: BlockedPeriod) =>
  `${formatDisplayDate(block.start_date)} – ${formatDisplayDate(addDays(block.end_date, -1))}`;

/**
 * The blocks holding a day, as grey "Blocked · Maintenance" items; each opens a menu to remove it. An
 * imported calendar's block reads "Blocked · Airbnb" (its feed's name) and is changed in that
 * calendar, not here (docs/decisions/053).
 */
export function BlockedDayItems({ blocks }: { blocks: readonly BlockedPeriod[] }) {
  const remove = useRemoveBlock();
  return blocks.map((block) => {
    const reason =
      block.reason === 'external'
        ? (block.feed_label ?? 'Imported calendar')
        : BLOCK_REASON_LABELS[block.reason];
    return (
      <Menu key={block.id} position="bottom-start" withinPortal>
        <Menu.Target>
          <UnstyledButton
            style={ITEM_STYLE}
            aria-label={`Blocked · ${reason}: ${block.property_title}, ${blockedDays(block)}`}
            data-blocked-period={block.id}
          >
            <IconLock size={12} aria-hidden />
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              Blocked · {reason}
            </span>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown aria-label={`Blocked dates of ${block.property_title}`}>
          <Menu.Label>
            {block.property_title} · {blockedDays(block)}
            {block.note ? ` · ${block.note}` : ''}
          </Menu.Label>
          {block.reason === 'external' ? (
            <Menu.Item disabled>Imported from {reason}: change it in that calendar</Menu.Item>
          ) : (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() =>
                remove.mutate(block.id, {
                  onSuccess: () => notifySuccess('Blocked dates removed'),
                  onError: (error) => notifyError(refusalOr(error, 'Failed to remove the blocked dates')),
                })
              }
            >
              Remove block
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    );
  });
}
