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
        AbortController: 'readonly',
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
    // These classes list single code points on purpose (marks, skin-tone modifiers U+1F3FB..U+1F3FF,
    // variation selectors): the modules look for them one by one to measure or rewrite them.
    files: ['src/text/width.ts', 'src/text/agreeing-clusters.ts'],
    rules: { 'no-misleading-character-class': 'off' },
  },
);
