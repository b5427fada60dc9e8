// One lint configuration for src/, test/, bench/ and scripts/ (run by `npm test`).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        performance: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
      },
    },
  },
  {
    // Terminal text is the subject here: the sanitisers and width measurement exist to find
    // control characters and escape sequences, and tests assert on them (SGR, OSC 8, OSC 52).
    files: ['src/text/sanitize.ts', 'src/text/width.ts', 'test/**/*.{ts,tsx}'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // JOINS_PREVIOUS tests one code point at a time, so a class holding the emoji skin-tone
    // modifiers (U+1F3FB..U+1F3FF) on their own is what is meant.
    files: ['src/text/width.ts'],
    rules: { 'no-misleading-character-class': 'off' },
  },
);
