import { warmUpPdfRendererInBackground } from './warm-up.ts';

describe('the PDF renderer warm-up at server start', () => {
  it('renders the sample invoice and logs how long the cold render took', async () => {
    const info = vi.fn();
    const warn = vi.fn();
    warmUpPdfRendererInBackground({ info, warn });
    await vi.waitFor(() => expect(info).toHaveBeenCalled(), { timeout: 20_000 });
    expect(warn).not.toHaveBeenCalled();
    const [fields, message] = info.mock.calls[0] as [{ ms: number }, string];
    expect(message).toBe('PDF renderer warmed up');
    expect(fields.ms).toBeGreaterThan(0);
  });
});
