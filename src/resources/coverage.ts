// The coverage overview (rows per dataset; score-line coverage by year, province and line kind) as one JSON
// resource: what an agent should read before saying "no data" for a province or year.
import { overview } from '../data/overview.ts';
import { RESOURCE_SCHEME, type ResourceProvider } from './registry.ts';

const URI = `${RESOURCE_SCHEME}://data/overview`;

export const coverageOverview: ResourceProvider = {
  name: 'coverage-overview',
  list: () => [
    {
      uri: URI,
      name: 'data-overview',
      title: '数据覆盖概览 · Data coverage overview',
      description: 'Served and cleaned rows per dataset; score-line coverage by year, province and line kind (JSON, same as GET /v1/data/overview).',
      mimeType: 'application/json',
    },
  ],
  read: (uri, ctx) => (uri === URI ? { uri, mimeType: 'application/json', text: JSON.stringify(overview(ctx.dataDb()), null, 1) } : null),
};
