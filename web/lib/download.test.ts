import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download.ts';

describe('fileNameOf: the name a download is saved under', () => {
  it('reads the server’s Content-Disposition, the UTF-8 name first', () => {
    expect(
      fileNameOf(
        `attachment; filename="rentza-clients-2026-11-26.csv"; filename*=UTF-8''rentza-clients-2026-11-26.csv`,
        'x.csv',
      ),
    ).toBe('rentza-clients-2026-11-26.csv');
    expect(fileNameOf(`attachment; filename="Zo_.csv"; filename*=UTF-8''Zo%C3%AB.csv`, 'x.csv')).toBe(
      'Zoë.csv',
    );
    expect(fileNameOf('attachment; filename="plain.csv"', 'x.csv')).toBe('plain.csv');
  });

  it('falls back when there is none', () => {
    expect(fileNameOf(null, 'rentza-reservations.csv')).toBe('rentza-reservations.csv');
    expect(fileNameOf('attachment', 'rentza-reservations.csv')).toBe('rentza-reservations.csv');
  });
});
