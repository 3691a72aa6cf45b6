import { describe, expect, it } from 'vitest'
import { auditExportRecords } from './audit-export.ts'

describe('auditExportRecords', () => {
  it('writes one record per row under the header, values as JSON, formulas kept as text', () => {
    const records = auditExportRecords([
      {
        id: 7,
        created_at: '2026-03-11T16:00:00.000Z',
        action: 'locations.update',
        model: 'locations',
        record_id: 'a5d3c3f4-6a8e-4a43-9f4c-2a1c7b1e2f10',
        actor: { id: 'b5d3c3f4-6a8e-4a43-9f4c-2a1c7b1e2f10', name: '=HYPERLINK("x")' },
        actor_email: 'olive@example.com',
        ip: '127.0.0.1',
        user_agent: null,
        changed: ['city', 'name'],
        before: { city: 'Toronto' },
        after: { city: 'Ottawa' },
      },
    ])
    expect(records[0]).toEqual(['id', 'created_at', 'actor_id', 'actor', 'actor_email', 'action', 'model', 'record_id', 'changed', 'before', 'after', 'ip', 'user_agent'])
    expect(records[1]).toEqual([
      '7',
      '2026-03-11T16:00:00.000Z',
      'b5d3c3f4-6a8e-4a43-9f4c-2a1c7b1e2f10',
      `'=HYPERLINK("x")`,
      'olive@example.com',
      'locations.update',
      'locations',
      'a5d3c3f4-6a8e-4a43-9f4c-2a1c7b1e2f10',
      'city name',
      '{"city":"Toronto"}',
      '{"city":"Ottawa"}',
      '127.0.0.1',
      '',
    ])
  })
})
