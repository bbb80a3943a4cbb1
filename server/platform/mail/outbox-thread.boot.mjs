// The outbox thread's entry (outbox-thread.ts): a worker thread does not inherit the main thread's
// TypeScript loader, so it registers tsx before it loads the TypeScript module that does the work.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
