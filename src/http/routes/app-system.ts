// Public system endpoints of the app family (interface 4.6), legacy envelope: the data synchronisation status of
// this node's data database, and the membership plans (data/site/vip-plans.json: what the service enforces; no
// prices, because nothing is sold here).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPO_ROOT } from '../../config.ts';
import type { ServiceContext } from '../../context.ts';
import { syncStatus, syncStatusSchema } from '../../data/sync-status.ts';
import { envelopeSchema, ok } from '../legacy-envelope.ts';

export const PLANS_FILE = path.join(REPO_ROOT, 'data/site/vip-plans.json');

const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  audience: z.string(),
  how_to_get: z.string(),
  includes: z.array(z.string()),
  limits: z.record(z.string(), z.union([z.string(), z.number()])),
});
const plansFile = z.object({ about: z.string(), plans: z.array(planSchema).min(1) }).strict();

/** The plans file, validated: a broken file stops the start with its path and the problem. */
export function loadPlans(file = PLANS_FILE): z.output<typeof plansFile> {
  const parsed = plansFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${path.relative(REPO_ROOT, file)}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const plans = loadPlans();
  const tags = ['system'];

  r.get('/api/v1/sync/status', { schema: { summary: "data synchronisation status of this node: when each dataset was imported, from which bundle files (sha256, rows read/kept/cleaned/merged/rejected), the importer and data versions", tags, response: { 200: envelopeSchema(syncStatusSchema) } } }, async () =>
    ok(syncStatus(ctx.dataDb())),
  );

  r.get('/api/vip/plans', { schema: { summary: 'membership plans: what each kind of account or key gets and the limits the service enforces (nothing is sold: no prices)', tags, response: { 200: envelopeSchema(plansFile) } } }, async () => ok(plans));
}
