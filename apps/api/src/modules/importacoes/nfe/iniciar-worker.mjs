// Entry of the NF-e reading worker (leitor-nfe.ts). Node runs it as plain JavaScript: a worker thread
// inherits neither the tsx hooks the main thread registered (npm start) nor vitest's transform, so the
// TypeScript module in workerData.modulo is loaded through tsx here.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.modulo, import.meta.url);
