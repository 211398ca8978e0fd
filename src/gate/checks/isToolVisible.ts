import { pass, type Check } from '../Check.js';

/**
 * Is the tool shown to this agent? Only asked when the context carries
 * `visible`: an entry is a tool name, `prefix/*` for every name under
 * `prefix/`, or `*` for every name.
 */
export const isToolVisible: Check = (call, ctx) => {
  const visible = ctx.visible;
  if (visible === undefined) return pass;
  const has = (entry: string) =>
    visible instanceof Set ? visible.has(entry) : (visible as readonly string[]).includes(entry);
  if (has(call.tool) || has('*')) return pass;
  // slack/search/recent => slack/*, slack/search/*
  for (let slash = call.tool.indexOf('/'); slash > 0; slash = call.tool.indexOf('/', slash + 1)) {
    if (has(`${call.tool.slice(0, slash)}/*`)) return pass;
  }
  return { code: 'hidden_tool', name: call.tool };
};
