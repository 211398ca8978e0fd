import { describe, expect, it } from 'vitest';
import { describeRecords, readRecordsOption } from '../../src/cli/commands/readRecordsOption.js';

describe('readRecordsOption (toolgate mcp --records)', () => {
  it('reads files by prefix or ending, and PostgreSQL URLs as toolgate records --store does', () => {
    expect(readRecordsOption('sqlite:a/r.db')).toEqual({ kind: 'sqlite', path: 'a/r.db' });
    expect(readRecordsOption('jsonl:r.log')).toEqual({ kind: 'jsonl', path: 'r.log' });
    expect(readRecordsOption('r.sqlite')).toEqual({ kind: 'sqlite', path: 'r.sqlite' });
    expect(readRecordsOption('r.jsonl')).toEqual({ kind: 'jsonl', path: 'r.jsonl' });
    const pg = readRecordsOption('postgresql://app:pw@db:5432/agents?schema=toolgate');
    expect(pg).toEqual({
      kind: 'postgres',
      connectionString: 'postgresql://app:pw@db:5432/agents',
      schema: 'toolgate',
      shown: 'postgresql://app:***@db:5432/agents?schema=toolgate',
    });
    // Messages and the start summary never show the password.
    if (typeof pg === 'string') throw new Error(pg);
    expect(describeRecords(pg, (path) => `/abs/${path}`)).toBe(
      'postgresql://app:***@db:5432/agents?schema=toolgate',
    );
    expect(describeRecords({ kind: 'sqlite', path: 'r.db' }, (path) => `/abs/${path}`)).toBe(
      'sqlite:/abs/r.db',
    );
  });

  it('says what it takes for anything else, naming the option', () => {
    expect(readRecordsOption('mysql://db/x')).toMatch(
      /^--records takes sqlite:PATH, jsonl:PATH or postgres:\/\/USER@HOST:PORT\/DATABASE/,
    );
    expect(readRecordsOption('sqlite:')).toMatch(/^--records takes/);
    expect(readRecordsOption('postgres://')).toMatch(/it names no host|not a valid URL/);
    expect(readRecordsOption('postgres://db/x?schema=a-b')).toBe(
      'the schema "a-b" in --records must be letters, digits and _',
    );
  });
});
