import { Group, Stack, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { checkPasswordRules } from '../../../domain/account-rules.ts';

/**
 * The live five-rule checklist: a tick or a cross per rule, announced to screen readers. A plain list
 * of the layout components the app shell already loads (Mantine's List would add a chunk to sign-up).
 */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <Stack
      component="ul"
      gap={4}
      aria-label="Password requirements"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {checkPasswordRules(password).map((rule) => (
        <Group
          component="li"
          key={rule.id}
          data-met={rule.met}
          gap="xs"
          wrap="nowrap"
          fz="sm"
          c={rule.met ? 'var(--rentza-success-text)' : 'dimmed'}
        >
          <ThemeIcon
            color={rule.met ? 'teal' : 'gray'}
            size={18}
            radius="xl"
            variant={rule.met ? 'filled' : 'light'}
          >
            {rule.met ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
          </ThemeIcon>
          <span>
            {rule.label}
            <span className="visually-hidden">{rule.met ? ' (met)' : ' (not met)'}</span>
          </span>
        </Group>
      ))}
    </Stack>
  );
}
