import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRegistry,
  type TurnDecision,
  type GrantSpec,
} from '../../src/index.js';
import { aTempDir } from '../helpers/scratch.js';

/**
 * SPEC §14.1: the gate checks what the program running the call reads. Each
 * case is the review's own tree; each fails on a gate that reads the path one
 * way only.
 */
describe('paths read one way (SPEC §14.1)', () => {
  let base: string;
  let data: string;
  let outside: string;

  beforeAll(() => {
    base = realpathSync(aTempDir('readings'));
    data = join(base, 'data');
    outside = join(base, 'outside');
    mkdirSync(join(data, 'sub', 'deeper'), { recursive: true });
    mkdirSync(join(data, 'plain'), { recursive: true });
    mkdirSync(join(data, 'sub', 'l2'), { recursive: true });
    mkdirSync(outside);
    mkdirSync(join(data, '.git'));
    writeFileSync(join(data, '.git', 'config'), '[core]');
    mkdirSync(join(data, 'config', 'secrets'), { recursive: true });
    mkdirSync(join(data, 'config', 'other'));
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    writeFileSync(join(data, '.env'), 'TOKEN=1');
    writeFileSync(join(data, 'a.txt'), 'a');
    writeFileSync(join(data, 'sub', 'l2', 'secret.txt'), 'kernel reading');
    // data/x -> data/sub/deeper: the kernel reads x/.. as data/sub, a lexical normalizer as data.
    symlinkSync(join(data, 'sub', 'deeper'), join(data, 'x'));
    mkdirSync(join(data, 'l2'));
    symlinkSync(join(outside, 'secret.txt'), join(data, 'l2', 'secret.txt'));
    symlinkSync(join(data, '.env'), join(data, 'l2', 'env.txt'));
    // A link whose target sits beside it: both readings land in the same place, still refused.
    symlinkSync(join(data, 'plain'), join(data, 'twin'));
  });
  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
  });

  const decide = (
    path: string,
    options: { tool?: string; grant?: Partial<GrantSpec>; realpath?: boolean } = {},
  ): TurnDecision => {
    const { tool = 'fs-read', grant = {}, realpath = true } = options;
    const gate = createGate({
      registry: createRegistry(),
      ...(realpath ? { realpath: 'node' } : {}),
    });
    const context = {
      grant: createGrant({
        tools: ['fs-read@1', 'fs-write@1'],
        folders: [data, '!**/.env'],
        ...grant,
      }),
      cwd: data,
    };
    const args = tool === 'fs-read' ? { path } : { path, content: 'x' };
    return gate.authorize({ calls: [{ tool, version: 1, arguments: args }] }, context);
  };
  const refusalOf = (decision: TurnDecision) =>
    decision.settled === 'rejected' ? decision.refusal : undefined;

  describe('".." after a symlink', () => {
    it('refuses x/../l2/secret.txt, which the server opens as l2/secret.txt (a link outside)', () => {
      expect(decide('l2/secret.txt').settled).toBe('rejected');
      const refusal = refusalOf(decide('x/../l2/secret.txt'));
      expect(refusal).toMatchObject({
        check: 'dispatch.folder',
        code: 'folder_out_of_scope',
        reason: `the path ${data}/l2/secret.txt is outside the granted folder scope`,
      });
      expect(refusal?.details).toHaveLength(1);
      expect(refusal?.details?.[0]).toMatchObject({ pointer: '/path', reading: 'symlink-dotdot' });
      expect(refusal?.details?.[0]?.message).toContain(`".." follows the symlink ${data}/x:`);
    });

    it('refuses x/../l2/env.txt, which the server opens as a link to the denied .env', () => {
      expect(decide('l2/env.txt').settled).toBe('rejected');
      expect(refusalOf(decide(`${data}/x/../l2/env.txt`))?.details?.[0]?.reading).toBe(
        'symlink-dotdot',
      );
    });

    it('refuses it as a write too, and through "." and deeper names before the ".."', () => {
      expect(
        refusalOf(decide('x/./../l2/new.txt', { tool: 'fs-write' }))?.details?.[0]?.reading,
      ).toBe('symlink-dotdot');
      // The second ".." cancels x: x/l/.. is x's target again, x/.. is not data.
      mkdirSync(join(data, 'sub', 'deeper', 'inner'), { recursive: true });
      expect(refusalOf(decide('x/inner/../../a.txt'))?.details?.[0]?.reading).toBe(
        'symlink-dotdot',
      );
    });

    it('refuses even where both readings land in the same place: the rule is about the link', () => {
      expect(refusalOf(decide('twin/../a.txt'))?.details?.[0]?.reading).toBe('symlink-dotdot');
    });

    it('allows ".." after a plain folder, and a symlink with no ".." after it', () => {
      expect(decide('sub/../a.txt').settled).toBe('tool');
      expect(decide('sub/deeper/../l2/secret.txt').settled).toBe('tool');
      expect(decide('x').settled).toBe('tool');
      expect(decide('twin/..', { realpath: false }).settled).toBe('tool');
      expect(decide('/../..' + data + '/a.txt').settled).toBe('tool');
    });

    it('leaves a gate without realpath as it was: it sees no links', () => {
      expect(decide('x/../a.txt', { realpath: false }).settled).toBe('tool');
    });
  });

  describe('deny entries guard their ancestors against writes', () => {
    const registry = createRegistry();
    registry.register({
      name: 'fs/move',
      version: 1,
      description: 'Moves a file or folder.',
      inputSchema: {
        type: 'object',
        properties: { source: { type: 'string' }, destination: { type: 'string' } },
        required: ['source', 'destination'],
        additionalProperties: false,
      },
      resources: [
        { kind: 'path', at: '/source', access: 'write' },
        { kind: 'path', at: '/destination', access: 'write' },
      ],
    });
    const move = (
      source: string,
      destination: string,
      folders: NonNullable<GrantSpec['folders']>,
      realpath = true,
    ) =>
      createGate({ registry, ...(realpath ? { realpath: 'node' as const } : {}) }).authorize(
        { calls: [{ tool: 'fs/move', version: 1, arguments: { source, destination } }] },
        { grant: createGrant({ tools: ['fs/move@1'], folders }), cwd: data },
      );

    it('refuses moving the .git folder that !DATA/.git/** denies the inside of', () => {
      const folders = [data, `!${data}/.git/**`];
      const refusal = refusalOf(move('.git', 'gitcopy', folders));
      expect(refusal).toMatchObject({
        code: 'folder_out_of_scope',
        reason: `the path ${data}/.git is outside the granted folder scope`,
      });
      expect(refusal?.details?.[0]).toMatchObject({
        pointer: '/source',
        entry: `!${data}/.git/**`,
        reading: 'deny-ancestor',
      });
      expect(refusal?.details?.[0]?.message).toContain(`could move or delete ${data}/.git`);
      // And the folder above it, and the root; a sibling and a file inside stay as they were.
      expect(refusalOf(move(data, `${base}/elsewhere`, folders))?.details?.[0]?.reading).toBe(
        'deny-ancestor',
      );
      expect(move('sub', 'sub2', folders).settled).toBe('tool');
      expect(refusalOf(move('.git/config', 'config', folders))?.details?.[0]?.reading).toBe(
        undefined,
      );
      // Without realpath too: the rule is lexical.
      expect(move('.git', 'gitcopy', folders, false).settled).toBe('rejected');
    });

    it('refuses moving config or config/secrets under !config/secrets/*, and allows config/other', () => {
      const folders = [data, '!config/secrets/*'];
      for (const source of ['config', 'config/secrets', `${data}/config/./secrets`])
        expect(refusalOf(move(source, 'moved', folders))?.details?.[0], source).toMatchObject({
          entry: '!config/secrets/*',
          reading: 'deny-ancestor',
        });
      expect(move('config/other', 'moved', folders).settled).toBe('tool');
      // The destination is a write too: moving a folder onto the anchor is refused as well.
      expect(refusalOf(move('plain', 'config/secrets', folders))?.details?.[0]?.pointer).toBe(
        '/destination',
      );
    });

    it('guards the root for a glob with no literal prefix (!**/.env), and nothing below it', () => {
      const folders = [data, '!**/.env'];
      expect(refusalOf(move(data, `${data}2`, folders))?.details?.[0]?.reading).toBe(
        'deny-ancestor',
      );
      expect(move('sub', 'sub3', folders).settled).toBe('tool');
    });

    it('guards the real path: a link to config moves config itself, since the server resolves links first', () => {
      symlinkSync(join(data, 'config'), join(data, 'cfg'));
      const folders = [data, '!config/secrets/*'];
      expect(refusalOf(move('cfg', 'moved', folders))?.details?.[0]?.message).toContain(
        `writing its real path ${data}/config could move`,
      );
      // Without realpath the link is a plain name.
      expect(move('cfg', 'moved', folders, false).settled).toBe('tool');
    });

    it('leaves reads alone: a listing of the folder holding .git passes', () => {
      expect(decide(data, { grant: { folders: [data, `!${data}/.git/**`] } }).settled).toBe('tool');
    });
  });

  describe('Unicode spellings', () => {
    const NFC = 'Verträge'.normalize('NFC');
    const NFD = 'Verträge'.normalize('NFD');
    const KELVIN = '\u212A';
    let uni: string;
    beforeAll(() => {
      uni = join(base, 'uni');
      mkdirSync(join(uni, NFC), { recursive: true });
      writeFileSync(join(uni, NFC, 'contract.txt'), 'denied');
      mkdirSync(join(uni, 'Keys'));
      writeFileSync(join(uni, 'Keys', 'id.txt'), 'denied');
      // A folder spelled NFD on disk (as macOS writes names), denied by an NFC glob.
      mkdirSync(join(uni, 'Bu\u0308cher'));
      writeFileSync(join(uni, 'Bu\u0308cher', 'a.txt'), 'ok');
      mkdirSync(join(uni, 'Geheim'.normalize('NFD') + '-Ordner\u0308'));
      symlinkSync(outside, join(uni, 'Kontakte'));
      symlinkSync(join(uni, 'Bu\u0308cher'), join(uni, 'shelf'));
    });
    const read = (path: string, folders: string[], realpath = true) => {
      const gate = createGate({
        registry: createRegistry(),
        ...(realpath ? { realpath: 'node' as const } : {}),
      });
      return gate.authorize(
        { calls: [{ tool: 'fs-read', version: 1, arguments: { path } }] },
        { grant: createGrant({ tools: ['fs-read@1'], folders }), cwd: uni },
      );
    };

    it('refuses the NFD spelling of a folder an NFC glob denies, with and without realpath', () => {
      const folders = [uni, `!**/${NFC}/**`];
      for (const realpath of [true, false]) {
        // The spelling written is "it"; another spelling is named.
        expect(refusalOf(read(`${NFC}/contract.txt`, folders, realpath))?.details?.[0]).toEqual({
          pointer: '/path',
          message: `the deny entry !**/${NFC}/** takes it away`,
          entry: `!**/${NFC}/**`,
        });
        const refusal = refusalOf(read(`${NFD}/contract.txt`, folders, realpath));
        expect(refusal?.details?.[0]).toEqual({
          pointer: '/path',
          message: `the deny entry !**/${NFC}/** takes it (spelled ${uni}/${NFC}/contract.txt) away`,
          entry: `!**/${NFC}/**`,
        });
      }
    });

    it('refuses KELVIN SIGN for K: NFC reads \\u212Aeys as Keys', () => {
      const refusal = refusalOf(read(`${KELVIN}eys/id.txt`, [uni, '!**/Keys/**']));
      expect(refusal).toMatchObject({ code: 'folder_out_of_scope' });
      expect(refusal?.details?.[0]?.entry).toBe('!**/Keys/**');
    });

    it('refuses \\u212Aontakte/secret.txt, where Kontakte is a link out of the grant', () => {
      expect(read('Kontakte/secret.txt', [uni]).settled).toBe('rejected');
      const refusal = refusalOf(read(`${uni}/${KELVIN}ontakte/secret.txt`, [uni]));
      expect(refusal?.details?.[0]?.message).toContain(
        `its real path ${outside}/secret.txt is outside`,
      );
      // Without realpath no link is seen, whatever the spelling.
      expect(read(`${KELVIN}ontakte/secret.txt`, [uni], false).settled).toBe('tool');
    });

    it('reads a glob written NFD as NFC, and an NFD name on disk through any spelling or link', () => {
      const folders = [uni, `!**/${'Bücher'.normalize('NFD')}`];
      for (const path of ['Bücher/a.txt'.normalize('NFC'), 'Bu\u0308cher/a.txt', 'shelf/a.txt'])
        expect(read(path, folders).settled, path).toBe('rejected');
      expect(createGrant({ folders }).folders[1]).toBe(`!**/${'Bücher'.normalize('NFC')}`);
    });

    it('takes an NFD root as NFC and allows what is inside it in either spelling', () => {
      const root = join(uni, 'Bu\u0308cher');
      const grant = createGrant({ folders: [root] });
      expect(grant.folders[0]).toEqual({ path: root.normalize('NFC'), access: 'write' });
      for (const path of [join(root, 'a.txt'), join(root, 'a.txt').normalize('NFC')])
        expect(read(path, [root]).settled, path).toBe('tool');
    });

    it('leaves names no deny entry touches alone, in every spelling', () => {
      const folders = [uni, '!**/Keys/**', `!**/${NFC}/**`];
      for (const path of [
        'Bu\u0308cher/a.txt',
        'Bücher/a.txt'.normalize('NFC'),
        `${KELVIN}ey`,
        'Café.txt',
        'Cafe\u0301.txt',
      ])
        expect(read(path, folders).settled, path).toBe('tool');
    });
  });
});
