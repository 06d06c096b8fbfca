// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/** The gateway and the node never import each other; HTTP code never reaches into infra/ (STYLE). */
const boundaries = [
  {
    files: ['src/gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/node/**'], message: 'The gateway and the node share src/shared only.' }] },
      ],
    },
  },
  {
    files: ['src/node/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/gateway/**'], message: 'The gateway and the node share src/shared only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/gateway/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/infra/**'],
              message: 'HTTP code goes through services; SQL lives in repositories.',
            },
            { group: ['**/node/**'], message: 'The gateway and the node share src/shared only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/config/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only src/config reads the environment.' },
      ],
    },
  },
]

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'test-artifacts/', 'bench/results/', 'dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      // Fastify handlers and hooks are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'No enums: use unions of string literals.' },
        { selector: 'TSModuleDeclaration[kind="namespace"]', message: 'No namespaces.' },
      ],
    },
  },
  ...boundaries,
  {
    // The client is a library for other programs: its documented defaults are SALLYPORT_API_KEY and
    // SALLYPORT_BASE_URL, and it uses nothing of the service's own code.
    files: ['src/client/**/*.ts'],
    rules: {
      'no-restricted-properties': 'off',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*'], message: 'The client stands alone: it imports only src/client.' }] },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-properties': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Test bodies read JSON answers (`any`) on purpose; assertions are the type check there.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  { files: ['eslint.config.js', 'bin/*.js'], ...tseslint.configs.disableTypeChecked },
)
