// A pool thread from the TypeScript sources (development and tests): tsx's loader first (tsx's
// command line does not hand it to worker threads), then the task registry (server/workerTasks.ts).
// The compiled server's threads load dist/app/workerTasks.js instead (server/build.mjs).
import { register } from 'tsx/esm/api';

register();
const registry = await import('../../workerTasks.ts');

export default registry.default;
