import js from '@eslint/js';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'reports/**', '.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  regexp.configs['flat/recommended'],
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // An object literal that opens with a spread and goes on (`{ ...a, key }`, `{ ...a, ...b }`)
    // gets a hidden class of its own per object once V8 optimizes the code that builds it; that
    // class lives in old space and keeps the object's values through every young-generation
    // collection until a full one. In toolgate mcp that pinned about 3 KB per call and made each
    // young collection copy ~1 MB (docs/development.md "Object literals"). `{ ...a }` alone, a
    // literal that opens with a key, `extend` and object rest are free of it.
    // The code a call runs through (the CLI's commands and policy loading run once, and are left).
    files: [
      'src/{ai,data,fire,gate,langchain,mcp,node,openaiAgents,output,postgres,proxy,run,scope,sqlite,stores}/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement:first-child + *',
          message:
            'Open this literal with a key, or build it with extend (src/data/extend.ts): a literal that opens with a spread and goes on gets a hidden class per object in optimized code, which keeps its values alive until a full collection (docs/development.md "Object literals").',
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
