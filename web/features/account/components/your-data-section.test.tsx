import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '../../../../domain/account-deletion.ts';
import { isDisabled, mockApi, renderWithProviders } from '../../../test/render.tsx';
import { YourDataSection } from './your-data-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection(
  role: 'client' | 'owner',
  answer: (body: unknown) => { status?: number; body?: unknown },
) {
  const onDeleted = vi.fn();
  const api = mockApi((call) =>
    call.method === 'POST' && call.url === '/api/account/delete' ? answer(call.body) : undefined,
  );
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<YourDataSection role={role} onDeleted={onDeleted} />, { path: '/profile' });
  return { user, onDeleted, ...api };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('dialog', { name: 'Delete my account' });
}

describe('Your data: delete my account', { timeout: 30_000 }, () => {
  it('deletes only with the password and the typed word, and shows the server’s refusal', async () => {
    let attempts = 0;
    const { user, onDeleted } = renderSection('client', (body) => {
      attempts++;
      return (body as { password: string }).password === 'right-one'
        ? { body: { deleted: true } }
        : { status: 400, body: { error: 'BAD_REQUEST', message: ACCOUNT_DELETION_MESSAGES.wrongPassword } };
    });
    const dialog = await openDialog(user);
    const submit = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(isDisabled(submit)).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong-one');
    expect(isDisabled(submit)).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Type DELETE to confirm/), 'DELETE');
    expect(isDisabled(submit)).toBe(false);
    await user.click(submit);
    expect(await within(dialog).findByText(ACCOUNT_DELETION_MESSAGES.wrongPassword)).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), 'right-one');
    await user.click(submit);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(attempts).toBe(2);
  });

  it('tells an owner to end a paid subscription first, with a link', async () => {
    const { user } = renderSection('owner', () => ({ body: { deleted: true } }));
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('link', { name: 'Subscription Management' }).getAttribute('href')).toBe(
      '/subscription',
    );
  });
});
