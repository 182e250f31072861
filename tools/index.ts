// The registry: the only list of site tools. Each later capability adds its tool files here.
import type { SiteTool } from './types.ts';
import siteAbout from './site_about.ts';
import yijing from './yijing.ts';
import sizhu from './sizhu.ts';

export const TOOLS: SiteTool[] = [
  siteAbout,
  yijing,
  sizhu,
] as SiteTool[];

const byName = new Map(TOOLS.map((t) => [t.name, t]));

export function findTool(name: string): SiteTool | undefined {
  return byName.get(name);
}
