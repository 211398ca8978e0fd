import { describe, expect, it } from 'vitest';
import { explainTurn } from '../../src/cli/explain/explainTurn.js';
import { formatExplanation } from '../../src/cli/explain/formatExplanation.js';
import { loadPolicy } from '../../src/cli/policy/loadPolicy.js';
import { resolveContext } from '../../src/cli/resolveContext.js';
import { createGate } from '../../src/createGate.js';

const POLICY = `
version: 1
tools:
  - name: http/fetch
    version: 1
    kind: custom
    description: Fetches a URL.
    inputSchema:
      type: object
      properties: { url: { type: string } }
      required: [url]
    resources:
      - { kind: url, at: /url }
grants:
  net:
    tools: [http/fetch@1]
    network: ['*', '!*.corp.example.com', '!10.0.0.0/8', '10.1.2.3']
`;

function explainText(url: string): string {
  const loaded = loadPolicy('policy.yaml', { readFile: () => POLICY, exists: () => false });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded));
  const gate = createGate({ registry: loaded.policy.registry });
  const resolved = resolveContext(loaded.policy, { grant: 'net' });
  if (!resolved.ok) throw new Error(resolved.problem);
  const turn = { calls: [{ tool: 'http/fetch', version: 1, arguments: { url } }] };
  const decision = gate.authorize(turn, resolved.context);
  const explanation = explainTurn(gate, turn, resolved.context, decision, {
    policy: loaded.policy,
    grantName: resolved.grantName,
  });
  return formatExplanation([], explanation, decision);
}

describe('toolgate check --explain with network deny entries', () => {
  it('names the deny entry that refused a host', () => {
    const text = explainText('https://a.corp.example.com/x');
    expect(text).toContain('REFUSED  dispatch.network');
    expect(text).toContain('the deny entry !*.corp.example.com refuses a.corp.example.com:443');
  });

  it('names a range deny even when an allow entry names the address', () => {
    expect(explainText('http://10.1.2.3/')).toContain(
      'the deny entry !10.0.0.0/8 refuses 10.1.2.3:80',
    );
  });

  it('says a private address is not covered by *', () => {
    expect(explainText('http://192.168.1.1/')).toContain('a private address, which * never covers');
  });

  it('still cites the allow entry behind a pass', () => {
    expect(explainText('https://example.com/')).toContain('granted by grants.net.network[0] *');
  });
});
