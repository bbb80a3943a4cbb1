import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dropzone, type FileRejection } from './file-dropzone.tsx';

const image = (name: string, type: string, bytes = 16) => new File([new Uint8Array(bytes)], name, { type });

function renderDropzone() {
  const onDrop = vi.fn<(files: File[]) => void>();
  const onReject = vi.fn<(rejections: FileRejection[]) => void>();
  render(
    <Dropzone
      onDrop={onDrop}
      onReject={onReject}
      accept={['image/jpeg', 'image/png']}
      maxSize={1024}
      aria-label="Upload photos"
    >
      <span>Drag photos here or click to choose</span>
    </Dropzone>,
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { onDrop, onReject, input };
}

describe('Dropzone', () => {
  it('is a labelled, focusable drop area with a multiple file input limited to the accepted types', () => {
    const { input } = renderDropzone();
    const area = screen.getByLabelText('Upload photos');
    expect(area.tabIndex).toBe(0);
    expect(area).toHaveProperty('textContent', 'Drag photos here or click to choose');
    expect(input.multiple).toBe(true);
    expect(input.accept.split(',').sort()).toEqual(['image/jpeg', 'image/png']);
  });

  it('hands accepted files to onDrop', async () => {
    const { input, onDrop, onReject } = renderDropzone();
    const files = [image('a.jpg', 'image/jpeg'), image('b.png', 'image/png')];
    await userEvent.upload(input, files);
    await waitFor(() => expect(onDrop).toHaveBeenCalledTimes(1));
    expect(onDrop.mock.calls[0]?.[0].map((file) => file.name)).toEqual(['a.jpg', 'b.png']);
    expect(onReject).not.toHaveBeenCalled();
  });

  it('rejects other types and files over maxSize with react-dropzone error codes', async () => {
    const { input, onDrop, onReject } = renderDropzone();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, [image('notes.txt', 'text/plain'), image('huge.png', 'image/png', 4096)]);
    await waitFor(() => expect(onReject).toHaveBeenCalledTimes(1));
    const rejections = onReject.mock.calls[0]?.[0] ?? [];
    expect(rejections.map((r) => [r.file.name, r.errors.map((e) => e.code)])).toEqual([
      ['notes.txt', ['file-invalid-type']],
      ['huge.png', ['file-too-large']],
    ]);
    expect(onDrop).not.toHaveBeenCalled();
  });
});
