// The shapes the key administration, usage and developer endpoints answer with (their OpenAPI responses).
import { z } from 'zod';

const status = z.enum(['enabled', 'disabled', 'revoked']);
const time = z.string().describe('ISO 8601 UTC');
const masked = z.string().describe('the key masked: prefix and last 4 characters');

export const listedKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  key: masked,
  status,
  daily_limit: z.number().int(),
  created_at: time,
  expires_at: time.nullable(),
  expired: z.boolean(),
  revoked_at: time.nullable(),
  last_used_at: time.nullable(),
  calls_today: z.number().int(),
});

export const keyListSchema = z.object({ count: z.number().int(), items: z.array(listedKeySchema) });

export const issuedKeySchema = z.object({
  id: z.string(),
  key: z.string().describe('the plaintext key: shown in this response only'),
  masked,
  name: z.string(),
  status,
  daily_limit: z.number().int(),
  created_at: time,
  expires_at: time.nullable(),
  note: z.string(),
});

export const toggledKeySchema = z.object({ id: z.string(), status });
export const revokedKeySchema = z.object({ id: z.string(), status: z.literal('revoked'), revoked_at: time });

export const keyUsageSchema = z.object({
  object: z.literal('usage'),
  key: z.object({ id: z.string(), name: z.string(), masked, expires_at: time.nullable() }),
  day: z.string().describe('the quota day (Asia/Shanghai), YYYY-MM-DD'),
  calls_today: z.number().int(),
  daily_limit: z.number().int(),
  remaining: z.number().int(),
  tokens_today: z.number().int(),
  calls_total: z.number().int(),
  tokens_total: z.number().int(),
  resets_at: time,
  resets_in_seconds: z.number().int(),
});

const range = { from: z.string().describe('first day, YYYY-MM-DD'), to: z.string().describe('last day, YYYY-MM-DD') };
const paging = { page: z.number().int(), page_size: z.number().int(), has_more: z.boolean() };

export const usageHistorySchema = z.object({
  ...range,
  items: z.array(z.object({ day: z.string(), key_id: z.string(), name: z.string(), key: masked, status, calls: z.number().int(), tokens: z.number().int() })),
  ...paging,
});

export const toolHistorySchema = z.object({
  ...range,
  items: z.array(
    z.object({
      day: z.string(),
      tool: z.string(),
      transport: z.string(),
      calls: z.number().int(),
      errors: z.number().int(),
      mean_ms: z.number(),
      max_ms: z.number(),
      p50_ms_at_most: z.number().nullable(),
      p95_ms_at_most: z.number().nullable(),
    }),
  ),
  ...paging,
});

export const devIndexSchema = z.object({
  endpoints: z.array(z.object({ method: z.string(), path: z.string(), summary: z.string() })),
  quota_day: z.string(),
});
