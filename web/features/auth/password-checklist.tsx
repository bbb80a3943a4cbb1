import { List, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { checkPasswordRules } from '../../../domain/account-rules.ts';

/** The live five-rule checklist: a tick or a cross per rule, announced to screen readers. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <List spacing={4} size="sm" aria-label="Password requirements" center>
      {checkPasswordRules(password).map((rule) => (
        <List.Item
          key={rule.id}
          data-met={rule.met}
          c={rule.met ? 'var(--rentza-success-text)' : 'dimmed'}
          icon={
            <ThemeIcon
              color={rule.met ? 'teal' : 'gray'}
              size={18}
              radius="xl"
              variant={rule.met ? 'filled' : 'light'}
            >
              {rule.met ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
            </ThemeIcon>
          }
        >
          {rule.label}
          <span className="visually-hidden">{rule.met ? ' (met)' : ' (not met)'}</span>
        </List.Item>
      ))}
    </List>
  );
}
