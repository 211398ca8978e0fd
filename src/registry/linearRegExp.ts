import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';
import { toLinearPattern } from './toLinearPattern.js';

/**
 * The engine ajv runs a schema's `pattern` and `patternProperties` with:
 * RE2 (re2js), whose matching time is linear in the input whatever the
 * pattern, so a pattern such as `(a+)+$` from an MCP server cannot stall the
 * gate. A pattern must be valid ECMAScript (what JSON Schema means) and
 * expressible in RE2: lookarounds and backreferences are not, and such a
 * schema does not compile (register refuses it with `invalid_tool`).
 */
// Pure (no effect but the object it returns): bundlers may drop it when unused.
export const linearRegExp: RegExpEngine = /* @__PURE__ */ Object.assign(
  (pattern: string, flags: string) => {
    // Compiled, never run: a native RegExp that is not valid ECMAScript throws here.
    RegExp(pattern, flags);
    let compiled: RE2JS;
    try {
      compiled = RE2JS.compile(toLinearPattern(RE2JS.translateRegExp(pattern)));
    } catch {
      throw new SyntaxError(
        `pattern ${JSON.stringify(pattern)} is not supported: patterns run in linear time (RE2), without lookarounds or backreferences`,
      );
    }
    return {
      test: (text: string) => compiled.test(text),
      // ajv keys the patterns of one schema by this text: it must differ between patterns.
      toString: () => `/${pattern}/${flags}`,
    };
  },
  { code: 'linearRegExp' },
);
