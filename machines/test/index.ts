export * from './suite.ts'
export * from './session-suite.ts'
export * from './token-refresh-suite.ts'
export * from './live-suites.ts'
