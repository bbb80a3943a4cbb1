import type { ReactNode } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import classes from './file-dropzone.module.css';

export type { FileRejection };

/**
 * A drop area that also opens the file chooser on click or Enter/Space: react-dropzone styled with
 * Mantine's variables. It replaces @mantine/dropzone, whose releases since 9.6 require Node 22
 * (docs/decisions/007); the props are the subset of its API that Rentza uses.
 */
export function Dropzone({
  onDrop,
  onReject,
  accept,
  maxSize,
  multiple = true,
  'aria-label': ariaLabel,
  children,
}: {
  onDrop: (files: File[]) => void;
  onReject?: (rejections: FileRejection[]) => void;
  /** MIME types, e.g. ['image/jpeg', 'image/png']. */
  accept: string[];
  maxSize?: number;
  multiple?: boolean;
  'aria-label'?: string;
  children: ReactNode;
}) {
  const { getRootProps, getInputProps, isDragAccept, isDragReject } = useDropzone({
    onDropAccepted: onDrop,
    onDropRejected: onReject,
    accept: Object.fromEntries(accept.map((type) => [type, []])),
    maxSize,
    multiple,
  });
  return (
    <div
      {...getRootProps({ className: classes.root, 'aria-label': ariaLabel })}
      data-accept={isDragAccept || undefined}
      data-reject={isDragReject || undefined}
    >
      <input {...getInputProps()} />
      <div className={classes.inner}>{children}</div>
    </div>
  );
}
