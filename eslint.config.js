// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/*
 * Boundaries (docs/architecture.md): dependencies point downward. Each source file belongs to one area; the
 * area lists what it may not import. Flat config keeps only the last `no-restricted-imports` setting that
 * matches a file, so the areas do not overlap and every area repeats the rules that hold everywhere.
 */
const noNode = { group: ['**/node/**'], message: 'The gateway and the node share src/shared only.' }
const noGateway = { group: ['**/gateway/**'], message: 'The gateway and the node share src/shared only.' }
const noInfra = {
  group: ['**/infra/**'],
  message: 'HTTP code goes through services; SQL lives in repositories.',
}
const noHttp = {
  group: ['**/http/**'],
  message: 'Domain code does not know HTTP: put the type in the domain and let http/ import it.',
}
const noOurs = { group: ['../**'], message: 'src/shared imports nothing of ours: pass what it needs in.' }
const noTest = { group: ['**/test/**'], message: 'Source never imports test code; tests import source.' }

/** Gateway files that wire the app and so see every layer: the app builder and the composition root. */
const gatewayRoot = ['src/gateway/app.ts', 'src/gateway/deps.ts']

/**
 * `patterns`: what the area's source may not import; `tests`: what its tests (`*.test.ts` beside the code)
 * may not import. Tests drive the code through the app and test/helpers, so only the process line holds there.
 */
const areas = [
  { files: ['src/gateway/http/**/*.ts'], ignores: [], patterns: [noNode, noInfra], tests: [noNode] },
  { files: gatewayRoot, ignores: [], patterns: [noNode], tests: [noNode] },
  {
    files: ['src/gateway/**/*.ts'],
    ignores: ['src/gateway/http/**', ...gatewayRoot],
    patterns: [noNode, noHttp],
    tests: [noNode],
  },
  { files: ['src/node/**/*.ts'], ignores: [], patterns: [noGateway], tests: [noGateway] },
  { files: ['src/shared/**/*.ts'], ignores: [], patterns: [noOurs], tests: [] },
  {
    files: ['src/bin/**/*.ts', 'src/config/**/*.ts', 'src/infra/**/*.ts'],
    ignores: [],
    patterns: [],
    tests: [],
  },
]

const restrict = (patterns) =>
  patterns.length === 0 ? {} : { 'no-restricted-imports': ['error', { patterns }] }

/** Each area twice: its source, which may not import test/ either, then its tests. */
const layers = areas.flatMap(({ files, ignores, patterns, tests }) => [
  { files, ignores: [...ignores, '**/*.test.ts'], rules: restrict([...patterns, noTest]) },
  { files: files.map((glob) => glob.replace(/\.ts$/, '.test.ts')), ignores, rules: restrict(tests) },
])

const boundaries = [
  ...layers,
  {
    // Kysely stays behind the repositories: a service asks a repository, it never builds a query.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*-repository.ts', 'src/infra/database/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Only *-repository.ts and src/infra/database/ use Kysely.' }],
          patterns: [
            { group: ['kysely/*'], message: 'Only *-repository.ts and src/infra/database/ use Kysely.' },
          ],
        },
      ],
    },
  },
  {
    // Node defines these three on the global object as getters: each mention of one by its global name
    // is a call to its getter through V8's generic global load, where an imported binding is a constant
    // (docs/performance.md, "2026-12-07 (fortieth)"). The client stands alone and keeps working without them.
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/client/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'Buffer', message: "import { Buffer } from 'node:buffer'" },
        { name: 'process', message: "import process from 'node:process'" },
        { name: 'performance', message: "import { performance } from 'node:perf_hooks'" },
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
  {
    // The dashboard's browser modules (docs/adr/0006-dashboard-assets.md): checked against the DOM's
    // types by their own tsconfig, which also catches an undefined name; they import only each other.
    files: ['src/gateway/dashboard/client/**/*.js'],
    rules: {
      'no-undef': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?!\\./)', message: 'Browser modules import only their siblings (./x.js).' }],
        },
      ],
    },
  },
  { files: ['eslint.config.js', 'bin/*.js'], ...tseslint.configs.disableTypeChecked },
)
