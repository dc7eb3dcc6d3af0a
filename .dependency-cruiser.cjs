/** The import arrows of docs/decisions.md, Code layout: http -> services -> (domain, db); domain imports only shared. */
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
      comment:
        'handlers call services and present domain records; nothing of db/ is imported, not even a type (see docs/decisions.md, Code layout)',
      severity: 'error',
      from: { path: '^src/http' },
      to: { path: '^src/db' },
    },
    {
      name: 'cli-and-jobs-call-services',
      comment: 'the CLI and the ticks use services (the CLI also the connection and the migrator), never repositories',
      severity: 'error',
      from: { path: '^src/(cli|jobs)' },
      to: { path: '^src/db/repositories' },
    },
    {
      name: 'jobs-below-http',
      comment: 'the ticks run from the scheduler and from the internal routes alike, so they know nothing of HTTP',
      severity: 'error',
      from: { path: '^src/jobs' },
      to: { path: '^src/(http|cli|app)' },
    },
    {
      name: 'content-reads-files-only',
      comment: 'content/ reads dumps into domain shapes; importing them is a service (services/content.ts)',
      severity: 'error',
      from: { path: '^src/content' },
      to: { path: '^src/(?!content|domain|shared)' },
    },
    {
      name: 'nothing-below-cli-imports-content',
      comment: 'only the CLI (and the about route, for the attribution) reads content/',
      severity: 'error',
      from: { path: '^src/(domain|db|services|jobs)' },
      to: { path: '^src/content' },
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
