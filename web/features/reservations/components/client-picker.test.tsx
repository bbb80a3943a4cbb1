import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../../domain/roles.ts';
import { type ApiCall, deferred, mockApi, renderWithProviders } from '../../../test/render.tsx';
import type { Client } from '../api.ts';
import { type ClientChoice, ClientPicker } from './client-picker.tsx';

const OWNER = '3f2a9c1e-77aa-4bcd-9e0f-1234567890ab';
const aClient = (n: number, first: string, last: string): Client => ({
  id: `c0ffee00-2222-4000-8000-${String(n).padStart(12, '0')}`,
  owner_id: OWNER,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}.${last.toLowerCase()}@example.co.za`,
  phone: null,
  region: 'ZA',
  is_active: true,
  registered: false,
});
const LERATO = aClient(1, 'Lerato', 'Dlamini');
const LESEGO = aClient(2, 'Lesego', 'Mokoena');
const THABO = aClient(3, 'Thabo', 'Nkosi');
/** The business has these and 40 more: the first twenty by name are what no text asks for. */
const EVERYONE = [LERATO, LESEGO, THABO];

/** The server's answer: the first 20 of the business's clients matching q by name or email. */
function serve(call: ApiCall) {
  const q = new URL(call.url, 'http://localhost').searchParams.get('q')?.toLowerCase() ?? '';
  const matches = EVERYONE.filter((c) =>
    `${c.first_name} ${c.last_name} ${c.email}`.toLowerCase().includes(q),
  );
  return { body: { items: matches, total: q ? matches.length : 43, page: 1, pageSize: 20 } };
}
const searches = (calls: ApiCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/clients?')).map((call) => call.url);

function Harness({
  who = 'owner',
  ownerId,
  chosen,
  initial = null,
  onPick,
}: {
  who?: Role;
  ownerId?: string;
  chosen?: ClientChoice;
  initial?: string | null;
  onPick?: (value: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <ClientPicker
      role={who}
      ownerId={ownerId}
      value={value}
      chosen={chosen}
      onChange={(next) => {
        setValue(next);
        onPick?.(next);
      }}
      extraOptions={[]}
    />
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const field = () => screen.getByRole('combobox', { name: 'Client' });

describe('ClientPicker (docs/decisions/072)', () => {
  it('asks the server for what is typed, once after the pause, and a click on a match picks it', async () => {
    const { calls } = mockApi(serve);
    const onPick = vi.fn();
    renderWithProviders(<Harness onPick={onPick} />);
    const user = userEvent.setup({ delay: null });
    await user.click(field());
    // No text: the first twenty by name, and how many more there are.
    expect(
      await screen.findByRole('option', { name: 'First 3 of 43: type more of a name or email' }),
    ).toBeTruthy();
    await user.type(field(), 'les');
    await waitFor(() => expect(searches(calls)).toContain('/api/clients?q=les&page=1&pageSize=20'));
    // One request for the whole word, not one per letter.
    expect(searches(calls).filter((url) => url.includes('q='))).toEqual([
      '/api/clients?q=les&page=1&pageSize=20',
    ]);
    await waitFor(() => expect(screen.queryByRole('option', { name: /Thabo Nkosi/ })).toBeNull());
    await user.click(
      await screen.findByRole('option', { name: 'Lesego Mokoena (lesego.mokoena@example.co.za)' }),
    );
    expect(onPick).toHaveBeenLastCalledWith(LESEGO.id);
    await waitFor(() =>
      expect(field()).toHaveProperty('value', 'Lesego Mokoena (lesego.mokoena@example.co.za)'),
    );
  });

  it('says it is searching while the server answers, and says so when nothing matches', async () => {
    const held = deferred<void>();
    mockApi(async (call) => {
      if (new URL(call.url, 'http://localhost').searchParams.get('q') === 'zz') await held.promise;
      return serve(call);
    });
    renderWithProviders(<Harness />);
    const user = userEvent.setup({ delay: null });
    await user.type(field(), 'zz');
    await waitFor(() => expect(field().getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByText('Searching…')).toBeTruthy();
    held.resolve();
    expect(await screen.findByText('No client matches “zz”')).toBeTruthy();
    await waitFor(() => expect(field().getAttribute('aria-busy')).toBeNull());
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('keeps showing the chosen client when the matches leave it out, and picks by keyboard', async () => {
    const { calls } = mockApi(serve);
    const outside: ClientChoice = {
      id: 'c0ffee00-2222-4000-8000-999999999999',
      first_name: 'Zodwa',
      last_name: 'Zulu',
      email: 'zodwa@example.co.za',
    };
    const onPick = vi.fn();
    renderWithProviders(<Harness chosen={outside} initial={outside.id} onPick={onPick} />);
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(field()).toHaveProperty('value', 'Zodwa Zulu (zodwa@example.co.za)'));
    // Opening it asks for the first clients by name, not for the chosen one's label.
    await user.click(field());
    await waitFor(() => expect(searches(calls)).toContain('/api/clients?page=1&pageSize=20'));
    expect(searches(calls).some((url) => url.includes('Zodwa'))).toBe(false);
    await user.clear(field());
    await user.type(field(), 'thabo');
    const thabo = await screen.findByRole('option', { name: 'Thabo Nkosi (thabo.nkosi@example.co.za)' });
    // Zodwa is no match for "thabo": not offered, but still the choice until another is made.
    expect(screen.queryByRole('option', { name: /Zodwa/ })).toBeNull();
    expect(thabo).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.tab();
    await waitFor(() => expect(field()).toHaveProperty('value', 'Zodwa Zulu (zodwa@example.co.za)'));
    expect(onPick).not.toHaveBeenCalled();

    await user.click(field());
    await user.clear(field());
    await user.type(field(), 'thabo');
    await screen.findByRole('option', { name: 'Thabo Nkosi (thabo.nkosi@example.co.za)' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(THABO.id);
  });

  it('an admin searches the business they name, and waits until one is named', async () => {
    const { calls } = mockApi(serve);
    function AdminHarness() {
      const [ownerId, setOwnerId] = useState<string | undefined>(undefined);
      return (
        <>
          <button type="button" onClick={() => setOwnerId(OWNER)}>
            Choose the listing
          </button>
          <Harness who="admin" ownerId={ownerId} />
        </>
      );
    }
    renderWithProviders(<AdminHarness />);
    const user = userEvent.setup({ delay: null });
    await user.click(field());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Choose the listing' }));
    await user.type(field(), 'ler');
    await waitFor(() =>
      expect(searches(calls)).toContain(`/api/clients?owner_id=${OWNER}&q=ler&page=1&pageSize=20`),
    );
    expect(await screen.findByRole('option', { name: /Lerato Dlamini/ })).toBeTruthy();
  });
});
