// @ts-check
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', '.content-cache/**', 'coverage/**', 'web/dist/**', 'test-artifacts/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      // The domain is pure: time and randomness are arguments.
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'domain/ takes `now` as an argument' },
        { object: 'Math', property: 'random', message: 'domain/ is deterministic' },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'domain/ does no I/O' }],
    },
  },
  {
    files: ['bench/**/*.ts', 'tools/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
