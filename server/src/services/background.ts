import type { FastifyBaseLogger } from 'fastify'

/**
 * Work that runs after a request has answered (e-mails, tokens for them), so no
 * answer's timing reveals whether an account exists. Failures are logged.
 */
export function createBackground(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>()
  return {
    run(label: string, task: () => Promise<void>): void {
      const job: Promise<void> = Promise.resolve()
        .then(task)
        .catch((err: unknown) => log.error({ err, task: label }, 'background task failed'))
        .finally(() => pending.delete(job))
      pending.add(job)
    },
    /** Resolves once every task started so far (and those they started) has finished. */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending])
    },
  }
}

export type Background = ReturnType<typeof createBackground>
