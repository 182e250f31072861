// The offload worker's entry: a worker thread does not inherit the parent's module hooks, so it registers tsx (the
// loader `npm start` runs under) before it imports the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
