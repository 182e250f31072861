// Resources an agent host can list and read (MCP resources/list, resources/read): a small registry of providers,
// one per kind of document (the data READMEs, the coverage overview; the site's notes and pages add one provider
// each). A provider lists its documents and reads one by URI; the registry pages the combined list with opaque
// cursors. Engines only: MCP adapts this in src/mcp/resources.ts.
import type { ServiceContext } from '../context.ts';
import { InputError, NotFoundError } from '../errors.ts';

/** Every resource URI this service serves starts with this scheme; URIs never depend on the configuration. */
export const RESOURCE_SCHEME = 'svc';

export interface ResourceEntry {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  /** bytes of the text, when cheap to know */
  size?: number;
}

export interface ResourceContent {
  uri: string;
  mimeType: string;
  text: string;
}

export interface ResourceProvider {
  /** short id, e.g. "data-readme" */
  name: string;
  /** every document of this provider, in a stable order */
  list(ctx: ServiceContext): ResourceEntry[];
  /** the document at `uri`, or null when the URI is not this provider's */
  read(uri: string, ctx: ServiceContext): ResourceContent | null;
  /** a URI template naming this provider's documents (MCP resources/templates/list), with its variable's values */
  template?: { uriTemplate: string; name: string; title: string; description: string; mimeType: string; variable: string; values(ctx: ServiceContext): string[] };
}

export const DEFAULT_RESOURCE_PAGE_SIZE = 50;

export interface ResourcePage {
  resources: ResourceEntry[];
  nextCursor?: string;
}

/** Cursors are opaque to clients: base64url of the offset, so a forged or stale one is recognisable. */
function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): number {
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new InputError(`invalid cursor "${cursor.slice(0, 40)}": pass back the nextCursor of a previous page unchanged`, 'cursor', 'invalid_cursor');
  return Number(m[1]);
}

export function listResources(providers: readonly ResourceProvider[], ctx: ServiceContext, cursor?: string, pageSize = DEFAULT_RESOURCE_PAGE_SIZE): ResourcePage {
  const offset = cursor === undefined ? 0 : decodeCursor(cursor);
  const all = providers.flatMap((p) => p.list(ctx));
  if (offset > all.length) throw new InputError(`invalid cursor: it points past the end of the list (${all.length} resources)`, 'cursor', 'invalid_cursor');
  const resources = all.slice(offset, offset + pageSize);
  return offset + pageSize < all.length ? { resources, nextCursor: encodeCursor(offset + pageSize) } : { resources };
}

export function readResource(providers: readonly ResourceProvider[], ctx: ServiceContext, uri: string): ResourceContent {
  for (const p of providers) {
    const content = p.read(uri, ctx);
    if (content) return content;
  }
  throw new NotFoundError(`no resource ${uri}; list them with resources/list`, 'uri');
}
