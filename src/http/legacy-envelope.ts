// The legacy envelope of the `/api/*` family (interface 2.1): `{code, message, data}`, code 200 and message
// "success" on success. Errors of that family keep the envelope (code = the HTTP status, message = the reason,
// data = null) and also carry the service's usual `error` object, so app code reading either finds the reason.
import { z } from 'zod';

export interface Envelope<T> {
  code: 200;
  message: 'success';
  data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: 200, message: 'success', data };
}

/** The zod shape of a success envelope around `data`, for route response schemas (OpenAPI). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), message: z.literal('success'), data });
}

export function isLegacyPath(url: string): boolean {
  return url.startsWith('/api/');
}
