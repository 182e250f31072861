// The resource registry: the only list of resource providers (the site's notes and pages add one provider each).
import { coverageOverview } from './coverage.ts';
import { dataReadmes } from './data-readmes.ts';
import type { ResourceProvider } from './registry.ts';

export const RESOURCE_PROVIDERS: readonly ResourceProvider[] = [coverageOverview, dataReadmes];
