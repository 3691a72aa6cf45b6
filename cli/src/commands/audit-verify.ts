import type { AuditChainReport } from '@rota/core'
import { notSignedIn } from '../errors.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { resolveTarget } from '../session/target.ts'

/**
 * `rota audit verify`: asks the server to check the business's audit chain (GET
 * /audit_log/verify): every row against its hash and the row before it.
 * @example
 * const report = await auditVerify({ io, global: {} }) // { valid: true, checked: 1204, head: {…}, first_break: null }
 */
export async function auditVerify({ io, global }: CommandContext): Promise<AuditChainReport> {
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  const connection = connect(target)
  try {
    return await connection.client.api.verifyAuditLog({}, { silent: true })
  } finally {
    connection.close()
  }
}
