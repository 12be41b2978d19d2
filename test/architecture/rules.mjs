// The floors of the project as dependency-cruiser rules: the server's edge -> domain -> storage,
// and the console's contract <- lib/api <- stores/ui <- features <- app. README.md, "Layout".

/** The server's edge: routes, the HTTP kit, the OpenAPI description, the app that mounts them. */
export const EDGE = ['^src/server/(http|openapi)/', '^src/server/.*routes\\.ts$', '^src/server/app\\.ts$']
/** Where the server is put together: it may import every floor. */
export const ROOTS = ['^src/server/(server|main|services)\\.ts$']
/** The libraries of the storage floor: the query builder and the database drivers. */
const DRIVERS = '^node_modules/(kysely|pg|pg-[a-z-]+|better-sqlite3)/'

export const forbidden = [
  {
    name: 'storage-imports-no-floor-above',
    comment: 'db/ holds every query and knows nothing of the domain or the edge: it imports only db/, the contract and libraries.',
    severity: 'error',
    from: { path: '^src/server/db/' },
    to: { path: '^src/', pathNot: ['^src/server/db/', '^src/contract/'] },
  },
  {
    name: 'domain-imports-no-edge',
    comment: 'The domain (every server file outside db/ and the edge) never reaches up to routes, http/, openapi/ or Hono: it raises a Problem that the edge maps.',
    severity: 'error',
    from: { path: '^src/server/', pathNot: ['^src/server/db/', ...EDGE, ...ROOTS] },
    to: { path: [...EDGE, '^node_modules/(hono|@hono)/'] },
  },
  {
    name: 'queries-only-in-db',
    comment: 'Only db/ imports the query builder or a database driver (type imports too): a query anywhere else is a query outside its one home.',
    severity: 'error',
    from: { path: '^src/', pathNot: ['^src/server/db/'] },
    to: { path: DRIVERS },
  },
  {
    name: 'server-imports-no-console',
    comment: 'The server shares with the console only src/contract/ (and the texts of locales/).',
    severity: 'error',
    from: { path: '^src/server/' },
    to: { path: '^src/', pathNot: ['^src/server/', '^src/contract/'] },
  },
  {
    name: 'console-imports-no-server',
    comment: 'The console reaches the server through the API, never its modules.',
    severity: 'error',
    from: { path: '^src/', pathNot: ['^src/server/', '^src/tools/'] },
    to: { path: '^src/server/' },
  },
  {
    name: 'contract-stands-alone',
    comment: 'What console and server share depends on neither.',
    severity: 'error',
    from: { path: '^src/contract/' },
    to: { path: '^src/', pathNot: '^src/contract/' },
  },
  {
    name: 'lib-and-api-below-the-screens',
    comment: 'lib/ (one wrapper per library) and api/ (the client of the API) know no store, part, screen or app.',
    severity: 'error',
    from: { path: '^src/(lib|api)/' },
    to: { path: '^src/(stores|ui|features|app|demo)/' },
  },
  {
    name: 'stores-and-ui-below-the-screens',
    comment: 'Stores and shared parts serve every screen and know none of them, nor the app.',
    severity: 'error',
    from: { path: '^src/(stores|ui)/' },
    to: { path: '^src/(features|app|demo)/' },
  },
  {
    name: 'features-apart',
    comment: 'A screen does not reach into another screen\'s files; what two share moves down to ui/, stores/ or lib/.',
    severity: 'error',
    from: { path: '^src/features/([^/]+)/' },
    to: { path: '^src/features/', pathNot: '^src/features/$1/' },
  },
  {
    name: 'features-below-the-app',
    comment: 'The app (route table, shell) mounts the screens; a screen does not import the app.',
    severity: 'error',
    from: { path: '^src/features/' },
    to: { path: '^src/app/' },
  },
  {
    name: 'demo-reaches-no-real-screen',
    comment: 'The demo pages are made of the shared parts, never of a real screen.',
    severity: 'error',
    from: { path: '^src/demo/' },
    to: { path: '^src/(features|app)/' },
  },
  {
    name: 'no-module-cycles',
    comment: 'No module imports itself through others.',
    severity: 'error',
    from: { path: '^src/' },
    to: { circular: true },
  },
]

export const options = {
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.json' },
  exclude: { path: '^(node_modules|dist|test)/' },
  doNotFollow: { path: '^node_modules/' },
  enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  moduleSystems: ['es6'],
}
