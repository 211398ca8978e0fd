import { describe, expect, it } from 'vitest';
import { createGrant } from '../../src/grant/createGrant.js';
import type { GrantSpec } from '../../src/grant/types.js';
import { intersectGrants } from '../../src/visibility/intersectGrants.js';

const meet = (parent: GrantSpec, child: GrantSpec) =>
  intersectGrants(createGrant(parent), createGrant(child));
const PIN = `sha256:${'ab'.repeat(32)}`;
const OTHER = `sha256:${'cd'.repeat(32)}`;

describe('intersectGrants: pins and ask (rev 2)', () => {
  it("keeps the parent's pin when the child names the ref unpinned, and the child's own", () => {
    expect(
      meet({ tools: [`a@1#${PIN}`, 'b@1'] }, { tools: ['a@1', `b@1#${OTHER}`] }).tools,
    ).toEqual([`a@1#${PIN}`, `b@1#${OTHER}`]);
  });

  it('drops a ref the two sides pin to different digests: no definition satisfies both', () => {
    expect(meet({ tools: [`a@1#${PIN}`] }, { tools: [`a@1#${OTHER}`] }).tools).toEqual([]);
  });

  it('asks for approval when either side asks', () => {
    expect(
      meet(
        { tools: ['a@1', 'b@1', 'c@1'], ask: ['a@1'] },
        { tools: ['a@1', 'b@1', 'c@1'], ask: ['b@1'] },
      ).ask,
    ).toEqual(['a@1', 'b@1']);
    expect(meet({ tools: ['a@1'], ask: ['a@1'] }, { tools: ['b@1'] }).ask).toBeUndefined();
  });
});
