/** The import arrows of the architecture guide: http -> services -> (domain, db); domain imports only shared. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ imports only shared/ (and libraries)',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { path: '^src/(?!domain|shared)' },
    },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      from: { path: '^src/shared' },
      to: { path: '^src/(?!shared)' },
    },
    {
      name: 'db-below-services',
      comment: 'db/ never imports services/, http/, jobs/ or cli/',
      severity: 'error',
      from: { path: '^src/db' },
      to: { path: '^src/(services|http|jobs|cli|app)' },
    },
    {
      name: 'migrations-import-nothing-of-the-app',
      severity: 'error',
      from: { path: '^src/db/migrations' },
      to: { path: '^src/(?!db/migrations)' },
    },
    {
      name: 'services-below-http',
      severity: 'error',
      from: { path: '^src/services' },
      to: { path: '^src/(http|jobs|cli|app)' },
    },
    {
      name: 'http-goes-through-services',
      comment: 'handlers call services, never repositories or the database directly (types excepted)',
      severity: 'error',
      from: { path: '^src/http' },
      to: { path: '^src/db/(?!repositories/[^/]+\\.ts$)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'http-no-repository-calls',
      severity: 'error',
      from: { path: '^src/http' },
      to: { path: '^src/db/repositories', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'cli-and-jobs-call-services',
      comment: 'the CLI and the ticks use services (and the migrator), never repositories (types excepted)',
      severity: 'error',
      from: { path: '^src/(cli|jobs)' },
      to: { path: '^src/db/repositories', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-never-imports-the-offline-build',
      comment: 'tools/curriculum builds content/ offline; the server only reads the committed output',
      severity: 'error',
      from: { path: '^src' },
      to: { path: '^tools' },
    },
    {
      name: 'offline-build-stands-alone',
      comment: 'the curriculum build uses only Node and its own modules, so it runs without the server',
      severity: 'error',
      from: { path: '^tools/curriculum' },
      to: { path: '^src' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'nothing-imports-main',
      severity: 'error',
      from: {},
      to: { path: '^src/main\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
