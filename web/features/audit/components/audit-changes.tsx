import { List, Text, VisuallyHidden } from '@mantine/core';
import type { AuditChanges } from '../../../../domain/schemas/audit.ts';
import { fieldLabel, formatAuditValue } from './audit-text.ts';

/** Each changed field: before → after (a personal field only says that it changed). */
export function AuditChangesList({ changes }: { changes: AuditChanges }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return null;
  return (
    <List size="sm" spacing={2} listStyleType="none" ml={0}>
      {fields.map(([field, change]) => (
        <List.Item key={field}>
          <Text span size="sm" fw={500}>
            {fieldLabel(field)}:
          </Text>{' '}
          {change.redacted ? (
            <Text span size="sm" c="dimmed">
              changed (personal data is not kept in the log)
            </Text>
          ) : (
            <Text span size="sm">
              <Text span size="sm" c="dimmed" td={change.before == null ? undefined : 'line-through'}>
                {formatAuditValue(field, change.before)}
              </Text>{' '}
              <span aria-hidden>→</span>
              <VisuallyHidden>changed to</VisuallyHidden> {formatAuditValue(field, change.after)}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}
