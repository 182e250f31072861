// Types of errors-zh.js, the pages' one translator of the service's refusals into Chinese: served as is to the
// browser, and imported by the server-rendered pages (src/http/plugins/pages.ts) so both say a refusal alike.
export declare const FIELDS: Record<string, string>;
export declare const PASSWORD_RULE: string;
export declare function minutes(seconds: number | string): string;
export declare function beijingTime(iso: string): string;
export declare function chineseError(e: { status: number; code?: string | null; param?: string | null; message?: string | null; retryAfter?: number | string | null }): string;
export declare function chinese(text: string): string;
export declare function rangeZh(p: { type?: string; minimum?: number; exclusiveMinimum?: number; maximum?: number; unit?: string }): string;
export declare function issueZh(
  issue: { code?: string; message?: string; origin?: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean; expected?: string; values?: unknown[]; input?: unknown; divisor?: unknown },
  p?: { type?: string; minimum?: number; exclusiveMinimum?: number; maximum?: number; unit?: string; enum?: unknown[]; choices?: Array<{ value: unknown; text: string }> },
): string;
