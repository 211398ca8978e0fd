import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { messageOf } from '../../data/messageOf.js';
import { EXIT } from '../exitCodes.js';
import { printable } from '../format/printable.js';
import { HELP } from '../help.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { recordsBeside } from '../policy/besidePolicy.js';
import { serveUi } from '../ui/serveUi.js';
import { openApprovals } from './openApprovals.js';
import { readRecordsOption } from './readRecordsOption.js';
import { readStoreRecords } from './readStoreRecords.js';
import { usageError } from './usageError.js';

const OPTIONS = {
  store: { type: 'string' },
  policy: { type: 'string' },
  port: { type: 'string' },
  as: { type: 'string' },
} as const;

/**
 * `toolgate ui [--store sqlite:PATH | --store postgres://… | --policy FILE]
 * [--port P] [--as NAME]`
 * (SPEC §14.6): serves the approvals page on 127.0.0.1 until SIGINT or
 * SIGTERM, and prints the URL to open once (it carries a fresh token).
 * Exit 0 when stopped; 2 bad input.
 */
export async function ui(args: readonly string[], io: CliIo): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    io.stdout(HELP.ui ?? '');
    return EXIT.ok;
  }
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: false, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'ui', parsed.problem, false);
  const { values } = parsed.value;
  const storeUrl =
    values.store ?? (values.policy === undefined ? undefined : recordsBeside(values.policy));
  if (storeUrl === undefined)
    return usageError(
      io,
      'ui',
      'name the store: --store sqlite:PATH or postgres://…, or --policy FILE',
      false,
    );
  const store = readRecordsOption(storeUrl);
  if (typeof store === 'string') return usageError(io, 'ui', store, false);
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    return usageError(
      io,
      'ui',
      `--port takes a port number, not ${JSON.stringify(values.port)}`,
      false,
    );
  let queue;
  try {
    queue = await openApprovals(store);
  } catch (error) {
    io.stderr(`toolgate ui: ${printable(messageOf(error))}\n`);
    return EXIT.badInput;
  }
  if (typeof queue === 'string') return usageError(io, 'ui', queue, false);
  const readable =
    store.kind === 'postgres' ? store : { kind: 'sqlite' as const, path: resolve(store.path) };
  const token = randomBytes(32).toString('hex');
  let served;
  try {
    served = await serveUi(
      {
        queue,
        records: (filter) => readStoreRecords(readable, filter),
        as: values.as ?? userInfo().username,
      },
      port,
      token,
    );
  } catch (error) {
    await queue.close().catch(() => undefined);
    io.stderr(`toolgate ui: cannot serve on port ${String(port)}: ${messageOf(error)}\n`);
    return EXIT.badInput;
  }
  io.stdout(`toolgate ui: open http://127.0.0.1:${String(served.port)}/?token=${token}\n`);
  const { http } = served;
  const openQueue = queue;
  return new Promise<number>((done) => {
    const stop = () => {
      http.closeAllConnections();
      http.close();
      void openQueue
        .close()
        .catch(() => undefined)
        .then(() => {
          done(EXIT.ok);
        });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
