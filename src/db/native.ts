// better-sqlite3 is a native module built for one Node ABI. Started under another Node (an agent host that runs
// `svc-mcp` with its own Node), loading it fails with a long stack; this turns that into one line naming the Node
// to use.
import Database from 'better-sqlite3';

/** NODE_MODULE_VERSION → Node major (nodejs.org/en/download/releases). */
const ABI_NODE: Record<number, number> = { 108: 18, 115: 20, 120: 21, 127: 22, 131: 23, 137: 24, 141: 25 };

export class NativeModuleError extends Error {}

/** The one-line explanation for a native-module ABI mismatch error, or null when `err` is something else. */
export function nativeMismatchMessage(err: unknown, running = process.version): string | null {
  const text = err instanceof Error ? err.message : String(err);
  const m = /NODE_MODULE_VERSION (\d+)[\s\S]*?NODE_MODULE_VERSION (\d+)/.exec(text);
  if (!m) return null;
  const built = Number(m[1]);
  const node = ABI_NODE[built] ? `Node ${ABI_NODE[built]}` : `the Node with ABI ${built}`;
  return `better-sqlite3 was built for ${node} (NODE_MODULE_VERSION ${built}) but this is Node ${running}: start svc with ${node} (the Node that ran npm install), or run \`npm rebuild better-sqlite3\` with this Node`;
}

/** Loads the native module once; throws NativeModuleError with the one line on an ABI mismatch. */
export function checkNativeModules(): void {
  try {
    new Database(':memory:').close();
  } catch (err) {
    const message = nativeMismatchMessage(err);
    if (message) throw new NativeModuleError(message);
    throw err;
  }
}
