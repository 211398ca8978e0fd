import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex } from '../../src/data/hmacSha256Hex.js';
import { runs } from '../helpers/testEnv.js';

const bytes = (length: number, value: number) => new Uint8Array(length).fill(value);
const text = (value: string) => new TextEncoder().encode(value);

describe('hmacSha256Hex', () => {
  it('matches the RFC 4231 test vectors whose data is text', () => {
    // Test case 1
    expect(hmacSha256Hex(bytes(20, 0x0b), 'Hi There')).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    // Test case 2: a key shorter than the block
    expect(hmacSha256Hex(text('Jefe'), 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    // Test case 6: a key longer than the block is hashed first
    expect(
      hmacSha256Hex(bytes(131, 0xaa), 'Test Using Larger Than Block-Size Key - Hash Key First'),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
    // Test case 7
    expect(
      hmacSha256Hex(
        bytes(131, 0xaa),
        'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
      ),
    ).toBe('9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2');
  });

  it('agrees with node:crypto for any key and UTF-8 text', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 100 }),
        fc.string({ unit: 'grapheme', maxLength: 100 }),
        (key, data) => {
          expect(hmacSha256Hex(key, data)).toBe(
            createHmac('sha256', key).update(data, 'utf8').digest('hex'),
          );
        },
      ),
      { numRuns: runs(1000) },
    );
  });
});
