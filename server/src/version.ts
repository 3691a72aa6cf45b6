import pkg from '../package.json' with { type: 'json' }

/** Rota's version, as the health check and the API docs report it. */
export const VERSION: string = pkg.version
