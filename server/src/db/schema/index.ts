export * from './businesses.ts'
export * from './users.ts'
export * from './auth.ts'
export * from './audit.ts'
