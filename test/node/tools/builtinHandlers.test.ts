import {
  chmodSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRegistry,
  fire,
  type AuthorizedCall,
  type FireOutcome,
  type Grant,
} from '../../../src/index.js';
import { createBuiltinHandlers } from '../../../src/node/index.js';
import { aTempDir } from '../../helpers/scratch.js';

// A real tree: a project folder granted for writing, a read-only folder, and a folder outside both.
const base = realpathSync(aTempDir('builtins'));
const project = join(base, 'project');
const readonly = join(base, 'readonly');
const outside = join(base, 'outside');
for (const dir of [project, join(project, 'sub'), readonly, outside]) mkdirSync(dir);
writeFileSync(join(project, 'notes.md'), '# Notes\nship it\n');
writeFileSync(join(readonly, 'spec.md'), 'read me\n');
writeFileSync(join(outside, 'secret.txt'), 'TOP SECRET\n');
writeFileSync(join(outside, 'hard-target.txt'), 'outside, untouched\n');
symlinkSync(outside, join(project, 'link-out'));
symlinkSync(join(outside, 'secret.txt'), join(project, 'secret-link.txt'));
symlinkSync('notes.md', join(project, 'link-in.md'));
linkSync(join(outside, 'hard-target.txt'), join(project, 'hard.txt'));
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

const registry = createRegistry();
const grant = createGrant({
  tools: ['fs-read@1', 'fs-write@1', 'text-summarize@1'],
  folders: [project, { path: readonly, access: 'read' }],
});
const handlers = createBuiltinHandlers();

/** Proposes one call to a built-in tool and fires it, with or without the gate's own realpath check. */
async function run(
  tool: string,
  args: Record<string, unknown>,
  options: { realpath?: boolean; shape?: string } = {},
): Promise<FireOutcome> {
  const gate = createGate({
    registry,
    ...(options.realpath === false ? {} : { realpath: 'node' as const }),
  });
  const turn = gate.checkTurn(
    {
      calls: [
        {
          tool,
          version: 1,
          ...(options.shape === undefined ? {} : { shape: options.shape }),
          arguments: args,
        },
      ],
    },
    { grant, cwd: project },
  );
  if (turn.settled === 'rejected')
    return { status: 'refused', refusal: turn.refusal, text: turn.refusal.reason };
  if (turn.settled !== 'tool') throw new Error('expected a tool turn');
  return fire(turn.calls[0], handlers, { gate, grant, cwd: project });
}

/** Calls a handler directly, as a runtime would after its own dispatch check. */
function direct(
  ref: 'fs-read@1' | 'fs-write@1',
  call: Partial<AuthorizedCall>,
  signal: AbortSignal = new AbortController().signal,
  context: { grant: Grant; cwd?: string } = { grant, cwd: project },
): Promise<unknown> {
  const [tool, version] = ref.split('@') as [string, string];
  const full: AuthorizedCall = {
    tool,
    version: Number(version),
    ref,
    shape: tool === 'fs-read' ? 'read' : 'overwrite',
    arguments: {},
    ...call,
  };
  return Promise.resolve(handlers[ref](full, { signal, ...context }));
}

const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('.toolgate-'));

describe('fs-read@1', () => {
  it('reads the bytes of a file in the folder, by relative or absolute path', async () => {
    const relative = await run('fs-read', { path: 'notes.md' });
    expect(relative).toMatchObject({ status: 'ok', text: '# Notes\nship it\n' });
    expect(relative.status === 'ok' && relative.output).toBeInstanceOf(Uint8Array);
    expect(await run('fs-read', { path: join(readonly, 'spec.md') })).toMatchObject({
      status: 'ok',
      text: 'read me\n',
    });
  });

  it('refuses a symlink out of the folder at the gate (realpath), and the handler never opens it', async () => {
    expect(await run('fs-read', { path: 'link-out/secret.txt' })).toMatchObject({
      status: 'refused',
      refusal: { code: 'folder_out_of_scope' },
    });
    expect(await run('fs-read', { path: 'secret-link.txt' })).toMatchObject({
      status: 'refused',
      refusal: { code: 'folder_out_of_scope' },
    });
  });

  it('refuses a symlink out of the folder in the handler too, when the gate resolves no links', async () => {
    for (const path of ['link-out/secret.txt', 'secret-link.txt']) {
      const outcome = await run('fs-read', { path }, { realpath: false });
      expect(outcome.status, path).toBe('error');
      expect(outcome.text).toMatch(
        /is outside the granted folder scope: it leaves the granted folder through a symbolic link$/,
      );
      expect(outcome.text).not.toContain('TOP SECRET');
    }
  });

  it('follows a symlink that stays inside the folder', async () => {
    expect(await run('fs-read', { path: 'link-in.md' })).toMatchObject({
      status: 'ok',
      text: '# Notes\nship it\n',
    });
  });

  it('refuses a folder, a missing file, and a file over the size limit', async () => {
    expect(await run('fs-read', { path: 'sub' })).toMatchObject({
      status: 'error',
      text: `${join(project, 'sub')} is not a regular file; fs-read@1 reads files only`,
    });
    expect((await run('fs-read', { path: 'missing.md' })).text).toMatch(/ENOENT/);
    const small = createBuiltinHandlers({ maxReadBytes: 4 });
    const call: AuthorizedCall = {
      tool: 'fs-read',
      version: 1,
      ref: 'fs-read@1',
      shape: 'read',
      arguments: { path: 'notes.md' },
    };
    await expect(
      Promise.resolve(
        small['fs-read@1'](call, { signal: new AbortController().signal, grant, cwd: project }),
      ),
    ).rejects.toThrow(/is over 4 bytes/);
  });

  it('checks its own arguments and shape, since dispatch does not check the schema again', async () => {
    await expect(direct('fs-read@1', { arguments: { path: 7 } })).rejects.toThrow(
      'fs-read@1 needs "path" as a string',
    );
    await expect(
      direct('fs-read@1', { shape: 'call', arguments: { path: 'notes.md' } }),
    ).rejects.toThrow('fs-read@1 only reads');
    await expect(direct('fs-read@1', { arguments: { path: '/etc/hostname' } })).rejects.toThrow(
      'the path /etc/hostname is outside the granted folder scope',
    );
  });
});

describe('fs-write@1', () => {
  it('creates a new file and replaces an existing one whole, keeping its mode, leaving no temporary file', async () => {
    expect(await run('fs-write', { path: 'new.md', content: 'fresh\n' })).toMatchObject({
      status: 'ok',
      output: { path: join(project, 'new.md'), bytes: 6 },
    });
    expect(readFileSync(join(project, 'new.md'), 'utf8')).toBe('fresh\n');
    writeFileSync(join(project, 'mode.md'), 'old old old');
    chmodSync(join(project, 'mode.md'), 0o640);
    expect((await run('fs-write', { path: 'mode.md', content: 'new' })).status).toBe('ok');
    expect(readFileSync(join(project, 'mode.md'), 'utf8')).toBe('new');
    expect(statSync(join(project, 'mode.md')).mode & 0o777).toBe(0o640);
    expect(leftovers(project)).toEqual([]);
  });

  it('refuses a folder granted only for reading', async () => {
    expect(await run('fs-write', { path: join(readonly, 'spec.md'), content: 'x' })).toMatchObject({
      status: 'refused',
      refusal: { code: 'folder_out_of_scope' },
    });
    await expect(
      direct('fs-write@1', { arguments: { path: join(readonly, 'spec.md'), content: 'x' } }),
    ).rejects.toThrow(`the path ${join(readonly, 'spec.md')} is outside the granted folder scope`);
    expect(readFileSync(join(readonly, 'spec.md'), 'utf8')).toBe('read me\n');
  });

  it('refuses a parent folder that is a symlink out of the folder, at the gate and in the handler', async () => {
    expect(await run('fs-write', { path: 'link-out/planted.txt', content: 'x' })).toMatchObject({
      status: 'refused',
      refusal: { code: 'folder_out_of_scope' },
    });
    const outcome = await run(
      'fs-write',
      { path: 'link-out/planted.txt', content: 'x' },
      { realpath: false },
    );
    expect(outcome).toMatchObject({ status: 'error' });
    expect(outcome.text).toMatch(/leaves the granted folder through a symbolic link$/);
    expect(readdirSync(outside).sort()).toEqual(['hard-target.txt', 'secret.txt']);
  });

  it('refuses a file symlink out of the folder, so the target outside is never written', async () => {
    const outcome = await run(
      'fs-write',
      { path: 'secret-link.txt', content: 'pwned' },
      { realpath: false },
    );
    expect(outcome.status).toBe('error');
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('TOP SECRET\n');
  });

  it('writes through a symlink that stays inside the folder, to the file it names', async () => {
    expect(
      (await run('fs-write', { path: 'link-in.md', content: '# Notes\nshipped\n' })).status,
    ).toBe('ok');
    expect(readFileSync(join(project, 'notes.md'), 'utf8')).toBe('# Notes\nshipped\n');
    expect(realpathSync(join(project, 'link-in.md'))).toBe(join(project, 'notes.md'));
  });

  it('replaces a hard-linked file by rename: the file outside it shares an inode with is not written', async () => {
    expect((await run('fs-write', { path: 'hard.txt', content: 'inside only\n' })).status).toBe(
      'ok',
    );
    expect(readFileSync(join(project, 'hard.txt'), 'utf8')).toBe('inside only\n');
    expect(readFileSync(join(outside, 'hard-target.txt'), 'utf8')).toBe('outside, untouched\n');
  });

  it('creates no folder, and refuses a path naming a folder', async () => {
    expect((await run('fs-write', { path: 'missing/new.md', content: 'x' })).text).toBe(
      `the folder of ${join(project, 'missing/new.md')} does not exist; fs-write@1 does not create folders`,
    );
    expect((await run('fs-write', { path: 'sub/', content: 'x' })).text).toBe(
      'sub/ names a folder; fs-write@1 needs the path of a file',
    );
    expect((await run('fs-write', { path: 'sub', content: 'x' })).text).toBe(
      `${join(project, 'sub')} exists and is not a regular file; fs-write@1 replaces files only`,
    );
  });

  it('cannot append or write a part: any shape but overwrite is refused, at the gate and in the handler', async () => {
    expect(
      await run('fs-write', { path: 'notes.md', content: 'x' }, { shape: 'append' }),
    ).toMatchObject({ status: 'refused', refusal: { code: 'unsupported_shape' } });
    await expect(
      direct('fs-write@1', { shape: 'append', arguments: { path: 'notes.md', content: 'x' } }),
    ).rejects.toThrow('fs-write@1 only overwrites a whole file');
    await expect(direct('fs-write@1', { arguments: { path: 'notes.md' } })).rejects.toThrow(
      'fs-write@1 needs "content" as a string',
    );
  });

  it('leaves the old file and no temporary file when cancelled before the rename', async () => {
    writeFileSync(join(project, 'keep.md'), 'old');
    let checks = 0;
    const signal = {
      throwIfAborted: () => {
        checks += 1;
        if (checks > 1) throw new Error('cancelled');
      },
    } as unknown as AbortSignal;
    await expect(
      direct('fs-write@1', { arguments: { path: 'keep.md', content: 'new' } }, signal),
    ).rejects.toThrow('cancelled');
    expect(readFileSync(join(project, 'keep.md'), 'utf8')).toBe('old');
    expect(leftovers(project)).toEqual([]);
  });
});

describe('text-summarize@1', () => {
  const text =
    'Cats purr when content. Dogs bark at strangers. Cats sleep most of the day, and cats purr in their sleep. Birds sing. The end.';

  it('gives the same extractive summary for the same text, every time', async () => {
    const first = await run('text-summarize', { text, maxSentences: 2 });
    const second = await run('text-summarize', { text, maxSentences: 2 });
    expect(first).toMatchObject({
      status: 'ok',
      text: 'Cats purr when content. Cats sleep most of the day, and cats purr in their sleep.',
    });
    expect(second.text).toBe(first.text);
  });

  it('defaults to three sentences', async () => {
    expect((await run('text-summarize', { text })).text.split('. ').length).toBe(3);
  });
});
