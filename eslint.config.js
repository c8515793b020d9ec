// ESLint flat config: typescript-eslint's type-aware recommended rules over src/, bench/ and
// test/, chosen to catch real mistakes (floating or misused promises, unused values, unsafe
// `any`); formatting is left to prettier.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // src/wasm is AssemblyScript (its own tsconfig); perft-wasm-module.ts and search-wasm-module.ts are generated.
  {
    ignores: [
      'dist/',
      'node_modules/',
      'scratch/',
      'src/wasm/',
      'src/search/perft-wasm-module.ts',
      'src/search/search-wasm-module.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // vitest's asymmetric matchers (`expect.any(Number)`) are typed `any` by design.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Plain JavaScript (the launcher, fake engines for tests): no type information.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly' },
    },
  },
);
