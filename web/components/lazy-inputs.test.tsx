import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { LazyAutocomplete, LazyDatePickerInput, LazySelect } from './lazy-inputs.tsx';

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

  it('a click on a date field before its picker has loaded opens the picker once it has', async () => {
    renderWithProviders(<LazyDatePickerInput label="Check-in" placeholder="Start date" value={null} />);
    const standIn = screen.getByRole('button', { name: 'Check-in' });
    expect(standIn.getAttribute('aria-busy')).toBe('true');
    fireEvent.pointerDown(standIn, { button: 0 });
    fireEvent.pointerUp(standIn, { button: 0 });
    fireEvent.click(standIn);

    const picker = await screen.findByRole('dialog', { name: 'Choose a date' }, { timeout: 5000 });
    const field = screen.getByRole('button', { name: 'Check-in' });
    expect(field.getAttribute('aria-busy')).toBeNull();
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(picker.contains(document.activeElement) || document.activeElement === field).toBe(true);
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeTruthy();
  });

  it('Enter on the stand-in is remembered like a click', async () => {
    renderWithProviders(<LazySelect label="Property type" data={TYPES} value={null} onChange={() => {}} />);
    const standIn = screen.getByRole('button', { name: 'Property type' });
    standIn.focus();
    fireEvent.keyDown(standIn, { key: 'Enter' });
    fireEvent.keyUp(standIn, { key: 'Enter' });

    expect(await screen.findByRole('listbox', {}, { timeout: 5000 })).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Property type' });
    expect(select.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(select);
  });

  it('without a click the real field swaps in closed; a press elsewhere forgets an earlier click', async () => {
    renderWithProviders(
      <>
        <LazyDatePickerInput label="Check-in" value={null} />
        <LazyDatePickerInput label="Check-out" value={null} />
        <p>Elsewhere</p>
      </>,
    );
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Check-out' }), { button: 0 });
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Check-out' }), { button: 0 });
    fireEvent.pointerDown(screen.getByText('Elsewhere'), { button: 0 });
    await waitFor(
      () => {
        for (const name of ['Check-in', 'Check-out']) {
          const field = screen.getByRole('button', { name });
          expect(field.getAttribute('aria-haspopup')).toBe('dialog');
        }
      },
      { timeout: 5000 },
    );
    // Let any (wrongly) remembered open run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    for (const name of ['Check-in', 'Check-out'])
      expect(screen.getByRole('button', { name }).getAttribute('aria-expanded')).toBe('false');
  });
});
