import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', realpath: 'src/realpath/index.ts', node: 'src/node/index.ts', kortix: 'src/kortix/index.ts', coresource: 'src/coresource/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'neutral',
  external: ['ajv', 'ajv-formats', 'tldts'],
});
