import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { LazyAutocomplete, LazySelect } from './lazy-inputs.tsx';

// web/test/setup.ts swaps these wrappers for Mantine's inputs in the other component tests.
vi.unmock('./lazy-inputs.tsx');

const TYPES = [
  { value: 'vehicle', label: 'Vehicle' },
  { value: 'storage_space', label: 'Storage Space' },
];

describe('lazy inputs', () => {
  it('a select first shows a stand-in with its label and chosen option, then Mantine’s select', async () => {
    renderWithProviders(
      <LazySelect label="Property type" data={TYPES} value="storage_space" onChange={() => {}} />,
    );
    const standIn = screen.getByRole('button', { name: 'Property type' });
    expect(standIn.textContent).toContain('Storage Space');
    expect(standIn.getAttribute('aria-busy')).toBe('true');

    const select = await screen.findByRole('combobox', { name: 'Property type' }, { timeout: 5000 });
    expect((select as HTMLInputElement).value).toBe('Storage Space');
    expect(screen.queryByRole('button', { name: 'Property type' })).toBeNull();
  });

  it('a free-text field takes typing before its suggestions have loaded', async () => {
    const onChange = vi.fn();
    renderWithProviders(<LazyAutocomplete label="City" data={['Knysna']} value="" onChange={onChange} />);
    const standIn = screen.getByRole('textbox', { name: 'City' });
    fireEvent.change(standIn, { target: { value: 'Kny' } });
    expect(onChange).toHaveBeenCalledWith('Kny');
    expect(await screen.findByRole('combobox', { name: 'City' }, { timeout: 5000 })).toBeTruthy();
  });
});
