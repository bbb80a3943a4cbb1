import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, currentUrl, mockApi, renderWithProviders } from '../../../test/render.tsx';
import { aProperty } from '../../../test/wire-fixtures.ts';
import { PropertyForm } from './property-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm() {
  const onDone = vi.fn();
  mockApi(() => undefined);
  const view = renderWithProviders(<PropertyForm property={aProperty()} onDone={onDone} />, {
    path: '/property-management',
  });
  return { onDone, ...view, user: userEvent.setup() };
}

async function typeInDescription(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Description' }), ' Freshly painted.');
}

const leaveDialog = () => screen.queryByRole('dialog', { name: 'Leave without saving?' });

describe('PropertyForm warns before unsaved changes are lost', () => {
  it('Cancel with nothing typed leaves at once', async () => {
    const { onDone, user } = renderForm();
    await user.click(buttonNamed('Cancel'));
    expect(onDone).toHaveBeenCalled();
    expect(leaveDialog()).toBeNull();
  });

  it('Cancel after typing asks first; Keep editing keeps what was typed', async () => {
    const { onDone, user } = renderForm();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    await typeInDescription(user);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await user.click(buttonNamed('Cancel'));
    await waitFor(() => expect(leaveDialog()).not.toBeNull());
    await user.click(buttonNamed('Keep editing'));
    await waitFor(() => expect(leaveDialog()).toBeNull());
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveProperty(
      'value',
      'A bright loft a block from the promenade. Freshly painted.',
    );
  });

  it('a route change after typing is held until the person chooses to leave', async () => {
    const { router, user } = renderForm();
    await typeInDescription(user);
    void router.navigate('/calendar');
    await waitFor(() => expect(leaveDialog()).not.toBeNull());
    expect(currentUrl(router)).toBe('/property-management');
    expect(screen.getByText(/You have unsaved changes/)).toBeTruthy();

    await user.click(buttonNamed('Leave without saving'));
    await waitFor(() => expect(currentUrl(router)).toBe('/calendar'));
  });

  it('closing the question with Escape stays on the form', async () => {
    const { router, user } = renderForm();
    await typeInDescription(user);
    void router.navigate('/calendar');
    await waitFor(() => expect(leaveDialog()).not.toBeNull());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(leaveDialog()).toBeNull());
    expect(currentUrl(router)).toBe('/property-management');
  });

  it('asks the browser to confirm a reload or closing the tab only while there are changes', async () => {
    const { user } = renderForm();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await typeInDescription(user);
    expect(unload()).toBe(true);
  });
});
