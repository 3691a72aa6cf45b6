import type { Locale, PermissionEntry, Profile } from '@rota/core'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from './config.ts'
import type { Database, Db } from './db/database.ts'
import type { Mailer } from './mail/mailer.ts'
import type { AuthCache } from './services/auth-cache.ts'
import type { ChangeHub } from './services/changes.ts'
import type { ListTotals } from './services/list-totals.ts'
import type { Background } from './services/background.ts'
import type { Clock } from './services/clock.ts'
import type { ClockOutSweeper } from './services/clock-out-sweeper.ts'
import type { EventHub } from './services/events.ts'
import type { ChatEvents } from './services/chat-events.ts'
import type { Cloudinary, LocalFileStore } from './services/file-store.ts'
import type { GoogleVerifier } from './services/google.ts'
import type { Tokens } from './services/tokens.ts'
import type { FillSolver } from './optimiser/worker-pool.ts'

/** The server's shared parts, built once at start-up and reachable from every handler. */
export interface Services {
  config: Config
  database: Database
  tokens: Tokens
  mailer: Mailer
  background: Background
  events: EventHub
  /** Chat messages delivered live to the members' streams on this process. */
  chat: ChatEvents
  /** The signed-in user of each session, kept while the database says nothing changed. */
  sessions: AuthCache
  /** Which business's rows of which table changed, heard from the database. */
  changes: ChangeHub
  /** List totals, kept until the rows they count change. */
  totals: ListTotals
  files: { local: LocalFileStore; cloudinary: Cloudinary | undefined }
  /** What time it is for the time clock's rules (tests move it). */
  clock: Clock
  /** Closes forgotten clock-outs every few minutes. */
  clockOuts: ClockOutSweeper
  google: GoogleVerifier | undefined
  /** The fill's solves, in worker threads. */
  fill: FillSolver
}

/** Who is calling: set by the auth hook from a valid access token and a live session. */
export interface Auth {
  userId: string
  businessId: string
  sessionId: string
  email: string
  firstname: string
  locale: Locale
  /** The user as `GET /profile` shows them, read with the session check. */
  profile: Profile
  /** What `can` reads: the role's name and its permission entries. */
  role: { id: string; name: string }
  permissions: PermissionEntry[]
}

/** What a route handler gets besides its validated input. */
export interface HandlerContext<A extends Auth | null = Auth | null> extends Services {
  db: Db
  auth: A
  locale: Locale
  ip: string
  userAgent: string | undefined
  log: FastifyBaseLogger
  request: FastifyRequest
  reply: FastifyReply
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
  }
  interface FastifyRequest {
    auth: Auth | null
    locale: Locale | undefined
    /** Where the JSON body holds a NUL character, when it does (app.ts): refused unless the route checks its cells itself. */
    nulAt?: string
  }
}
