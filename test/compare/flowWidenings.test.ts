import { describe, expect, it } from 'vitest';
import { compareGrants, createGrant, type GrantSpec } from '../../src/index.js';

/** compareGrants over flow rules: dropping or weakening one, or narrowing a label it names, is wider. */
const BASE: GrantSpec = {
  tools: ['fs-read@1', 'fs-write@1'],
  folders: ['/home/me'],
  labels: {
    private: { folders: ['/home/me/mail/**'] },
    public: { network: ['*'], tools: ['fs-write@1'] },
  },
  flows: [{ after: 'private', deny: 'public', ask: ['fs-write@1'] }],
};
const compare = (after: Partial<GrantSpec>) =>
  compareGrants(createGrant(BASE), createGrant({ ...BASE, ...after }));
const RULE = { after: 'private', deny: ['public'], ask: ['fs-write@1'] };
const WIDER = {
  subset: false,
  widenings: [
    { kind: 'flow', entry: '{ after: private, deny: public, ask: fs-write@1 }', witness: RULE },
  ],
};

describe('compareGrants: flow rules', () => {
  it('finds nothing wider in the same rules, or stronger ones', () => {
    expect(compare({})).toEqual({ subset: true });
    // More labels denied, more entries in a label, a second rule: all stronger.
    expect(
      compare({
        labels: {
          private: { folders: ['/home/me/mail/**', '/home/me/keys/**'] },
          public: { network: ['*'], tools: ['fs-write@1', 'fs-read@1'] },
        },
        flows: [
          { after: 'private', deny: ['public'], ask: ['fs-write@1'] },
          { after: 'public', deny: 'private' },
        ],
      }),
    ).toEqual({ subset: true });
  });

  it.each([
    ['the rule dropped', { flows: [] }],
    ['its deny dropped', { flows: [{ after: 'private', ask: ['fs-write@1'] }] }],
    ['its ask dropped', { flows: [{ after: 'private', deny: 'public' }] }],
    [
      'moved to another after label',
      { flows: [{ after: 'public', deny: 'public', ask: ['fs-write@1'] }] },
    ],
    [
      'its after label narrowed',
      {
        labels: {
          private: { folders: ['/home/me/mail/inbox/**'] },
          public: { network: ['*'], tools: ['fs-write@1'] },
        },
      },
    ],
    [
      'its deny label narrowed',
      { labels: { private: { folders: ['/home/me/mail/**'] }, public: { network: ['*'] } } },
    ],
  ])('reports %s as a flow widening, naming the rule as before held it', (_, after) => {
    expect(compare(after as Partial<GrantSpec>)).toEqual(WIDER);
  });

  it('takes an ask label moved to deny as stronger, and the reverse as wider', () => {
    const asking: GrantSpec = { ...BASE, flows: [{ after: 'private', ask: ['public'] }] };
    const denying: GrantSpec = { ...BASE, flows: [{ after: 'private', deny: ['public'] }] };
    expect(compareGrants(createGrant(asking), createGrant(denying))).toEqual({ subset: true });
    expect(compareGrants(createGrant(denying), createGrant(asking))).toMatchObject({
      subset: false,
      widenings: [{ kind: 'flow', entry: '{ after: private, deny: public }' }],
    });
  });
});
