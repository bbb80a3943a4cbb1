import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRouter, useBlocker } from './history.tsx';

/** A form page that holds navigation while it has changes, showing the held move's buttons. */
function Editor() {
  const [dirty, setDirty] = useState(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        Type
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
      {blocker.state === 'blocked' && (
        <div role="dialog" aria-label="Leave?">
          <button type="button" onClick={() => blocker.proceed()}>
            Leave
          </button>
          <button type="button" onClick={() => blocker.reset()}>
            Stay
          </button>
        </div>
      )}
    </>
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderApp() {
  const user = userEvent.setup();
  render(
    <AppRouter>
      <Where />
      <Routes>
        <Route path="/editor" element={<Editor />} />
        <Route path="*" element={<Link to="/editor">Editor</Link>} />
      </Routes>
    </AppRouter>,
  );
  return user;
}

const where = () => screen.getByTestId('where').textContent;

describe('AppRouter: navigation held by useBlocker', () => {
  it('lets every move through while nothing blocks', async () => {
    window.history.replaceState(null, '', '/start');
    const user = renderApp();
    await user.click(screen.getByRole('link', { name: 'Editor' }));
    await waitFor(() => expect(where()).toBe('/editor'));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(where()).toBe('/elsewhere'));
  });

  it('holds a link while the page has changes; Stay keeps it, Leave goes', async () => {
    const user = renderApp();
    await user.click(screen.getByRole('link', { name: 'Editor' }));
    await waitFor(() => expect(where()).toBe('/editor'));
    await user.click(screen.getByRole('button', { name: 'Type' }));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByRole('dialog', { name: 'Leave?' });
    expect(where()).toBe('/editor');
    expect(window.location.pathname).toBe('/editor');

    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('/editor');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(where()).toBe('/elsewhere'));
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('undoes Back while the page has changes, and goes back on Leave', async () => {
    const user = renderApp();
    await user.click(screen.getByRole('link', { name: 'Editor' }));
    await waitFor(() => expect(where()).toBe('/editor'));
    await user.click(screen.getByRole('button', { name: 'Type' }));

    act(() => window.history.back());
    await screen.findByRole('dialog', { name: 'Leave?' });
    await waitFor(() => expect(window.location.pathname).toBe('/editor'));
    expect(where()).toBe('/editor');

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(where()).not.toBe('/editor'));
    expect(window.location.pathname).toBe(where());
  });
});
