import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/data/canonicalJson.js';
import { runs } from '../helpers/testEnv.js';

/** The IEEE 754 double whose 64 bits are these 16 hex digits. */
function double(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe('canonicalJson against RFC 8785', () => {
  it('writes the §3.2.2 example as the RFC does', () => {
    const input: unknown = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        ' "literals": [null, true, false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units, as the §3.2.3 example does', () => {
    const input: unknown = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh",' +
        ' "1": "One", "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control",' +
        ' "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    );
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis",' +
        '"€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('writes every number of Appendix B as the RFC does', () => {
    const cases: readonly (readonly [string, string])[] = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'],
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['c340000000000000', '-9007199254740992'],
      ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'],
      ['444b1ae4d6e2ef4f', '999999999999999900000'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'],
      ['41b3de4355555554', '333333333.33333325'],
      ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'],
      ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'],
      ['43143ff3c1cb0959', '1424953923781206.2'],
    ];
    for (const [bits, text] of cases)
      expect([bits, canonicalJson(double(bits))]).toEqual([bits, text]);
  });

  it('refuses the numbers Appendix B marks as errors: NaN and Infinity', () => {
    expect(() => canonicalJson(double('7fffffffffffffff'))).toThrow(RangeError);
    expect(() => canonicalJson(double('7ff0000000000000'))).toThrow(RangeError);
    expect(() => canonicalJson({ a: [Number.NEGATIVE_INFINITY] })).toThrow(
      /no text for the number/,
    );
  });

  it('escapes controls as lower-case \\u00xx, with the five short forms, and nothing else', () => {
    expect(canonicalJson('\b\f\n\r\t\u0000\u001f\u007f"\\/é€😀')).toBe(
      '"\\b\\f\\n\\r\\t\\u0000\\u001f\u007f\\"\\\\/é€😀"',
    );
  });

  it('writes a hole in a sparse list as null', () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    expect(canonicalJson([1, , 3])).toBe('[1,null,3]');
  });

  it('parses back to the same data and is a fixed point for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
      { numRuns: runs(1000) },
    );
  });
});
