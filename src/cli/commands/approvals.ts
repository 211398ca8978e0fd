import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ApprovalQueue } from '../../approvals/types.js';
import { messageOf } from '../../data/messageOf.js';
import { EXIT } from '../exitCodes.js';
import { formatTable } from '../format/formatTable.js';
import { printable } from '../format/printable.js';
import { HELP } from '../help.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { recordsBeside } from '../policy/besidePolicy.js';
import { openApprovals } from './openApprovals.js';
import { describeRecords, readRecordsOption } from './readRecordsOption.js';
import { usageError } from './usageError.js';

const OPTIONS = {
  store: { type: 'string' },
  policy: { type: 'string' },
  as: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/**
 * `toolgate approvals [--store sqlite:PATH | --store postgres://… |
 * --policy FILE] [--json]` lists
 * the pending approvals of a record store (SPEC §14.6): id, run, ref, the
 * values its resources name, the arguments (escaped, as every line that
 * shows what a server or model wrote) and age. `toolgate approvals approve
 * ID` and `deny ID` answer one, recorded with who answered (`--as NAME`,
 * default the OS user). Exit 0; 2 bad input, or an answer to an approval
 * that ended already or does not exist.
 */
export async function approvals(args: readonly string[], io: CliIo): Promise<number> {
  const json = args.includes('--json');
  if (args.includes('-h') || args.includes('--help')) {
    io.stdout(HELP.approvals ?? '');
    return EXIT.ok;
  }
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'approvals', parsed.problem, json);
  const { values, positionals } = parsed.value;
  const [verb, id, ...extra] = positionals;
  if (verb !== undefined && verb !== 'approve' && verb !== 'deny')
    return usageError(
      io,
      'approvals',
      `unknown ${JSON.stringify(verb)}: toolgate approvals [approve ID | deny ID]`,
      json,
    );
  if (verb !== undefined && (id === undefined || extra.length > 0))
    return usageError(io, 'approvals', `name one approval: toolgate approvals ${verb} ID`, json);
  const storeUrl =
    values.store ?? (values.policy === undefined ? undefined : recordsBeside(values.policy));
  if (storeUrl === undefined)
    return usageError(
      io,
      'approvals',
      'name the store: --store sqlite:PATH or postgres://…, or --policy FILE for the store toolgate mcp --policy FILE writes beside it',
      json,
    );
  const store = readRecordsOption(storeUrl);
  if (typeof store === 'string') return usageError(io, 'approvals', store, json);
  let queue: ApprovalQueue;
  try {
    const opened = await openApprovals(store);
    if (typeof opened === 'string') return usageError(io, 'approvals', opened, json);
    queue = opened;
  } catch (error) {
    io.stderr(`toolgate approvals: ${printable(messageOf(error))}\n`);
    return EXIT.badInput;
  }
  try {
    if (verb === undefined) return await list(queue, io, json);
    const by = values.as ?? userInfo().username;
    const decision = verb === 'approve' ? 'approved' : 'denied';
    const known = await queue.get(id as string);
    const answer = await queue.answer(id as string, decision, by);
    if (answer === 'answered') {
      io.stdout(
        `${decision} ${printable(id as string)} (${printable(known?.ref ?? '')}) as ${printable(by)}\n`,
      );
      return EXIT.ok;
    }
    io.stderr(
      answer === 'unknown'
        ? `toolgate approvals: no approval ${printable(id as string)} in ${printable(describeRecords(store, resolve))}; toolgate approvals lists the pending ones\n`
        : `toolgate approvals: the approval ${printable(id as string)} ended already (${(await queue.get(id as string))?.status ?? 'ended'}); nothing changed\n`,
    );
    return EXIT.badInput;
  } finally {
    await queue.close().catch(() => undefined);
  }
}

async function list(queue: ApprovalQueue, io: CliIo, json: boolean): Promise<number> {
  const pending = await queue.pending();
  if (json) {
    for (const approval of pending) {
      let args: unknown = approval.arguments;
      try {
        args = JSON.parse(approval.arguments);
      } catch {
        // kept as the text it is
      }
      io.stdout(`${JSON.stringify({ ...approval, arguments: args })}\n`);
    }
    return EXIT.ok;
  }
  if (pending.length === 0) {
    io.stdout('no pending approvals\n');
    return EXIT.ok;
  }
  const now = Date.now();
  const rows = pending.map((approval) => [
    approval.id,
    `${String(Math.max(0, Math.round((now - Date.parse(approval.createdAt)) / 1000)))}s`,
    approval.run,
    approval.ref,
    approval.resources.join(' '),
  ]);
  io.stdout(
    `${printable(formatTable(['ID', 'AGE', 'RUN', 'REF', 'RESOURCES'], rows))}\n${pending
      .map((approval) => `${approval.id} arguments: ${printable(approval.arguments)}`)
      .join(
        '\n',
      )}\napprove one: toolgate approvals approve ID; refuse it: toolgate approvals deny ID\n`,
  );
  return EXIT.ok;
}
