// A month's invoice for a client with 2,000 approved timesheets (80 staff × 25 days, one 4-hour
// timesheet each a day, March 2027 in Toronto): `POST /invoice` creating the draft from them (by
// service, and one line per shift: 2,000 lines), each created, timed, then voided so the next one
// bills the same hours again; `GET /invoice/proposal` and the whole invoice's `GET /invoice/{id}`
// by autocannon. On the embedded database and, when ROTA_TEST_DATABASE_URL is set (`npm run bench`
// provides a throwaway cluster), on PostgreSQL as Rota's own role. The people, client and service
// are made through the API, the timesheets written straight into the database. Beside a bare
// Fastify answer from the same run. The goal: a month's invoice in at most 1 s. Prints JSON.
import autocannon from 'autocannon'
import { api, bareFastify, measureOneConnection, onEachDatabase, seededRota } from './support.mjs'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const STAFF = 80
const DAYS = 25
const ROUNDS = Number(process.env.BENCH_INVOICE_ROUNDS ?? 8)
const connections = 1

/** One approved 4-hour timesheet a day for each staff member, March 1–25, 2027, a few minutes apart. */
const seedSql = (businessId, location, service) => `
  insert into timesheets (business_id, staff_id, location_id, service_id, started_at, ended_at, break_minutes, paid_minutes, regular_minutes, status, flags, created_by)
  select '${businessId}', u.id, '${location}', '${service}', t.started, t.started + interval '4 hours' + make_interval(mins => abs(hashtext(u.id::text || d::text)) % 9), 0,
    240 + abs(hashtext(u.id::text || d::text)) % 9, 240 + abs(hashtext(u.id::text || d::text)) % 9, 'approved',
    jsonb_build_array(jsonb_build_object('kind', 'unscheduled', 'at', null, 'minutes', null, 'distance_m', null, 'reason', null)), u.id
  from users u
  cross join generate_series(date '2027-03-01', date '2027-03-${String(DAYS).padStart(2, '0')}', interval '1 day') d
  cross join lateral (select (d::date + time '08:00') at time zone 'America/Toronto' as started) t
  where u.business_id = '${businessId}' and u.email like 'staff%@bench.test';
  analyze timesheets;`

const MARCH = { period_from: '2027-03-01', period_to: '2027-03-31' }

/** Creates the month's draft `ROUNDS` times (voiding each so the next bills the same hours); milliseconds of each create. */
async function createRounds(base, token, location, perShift) {
  const times = []
  let last
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    last = await api(base, token, 'POST', '/invoice', { location_id: location, ...MARCH, per_shift: perShift })
    times.push(performance.now() - started)
    if (last.timesheet_ids.length !== STAFF * DAYS) throw new Error(`expected ${STAFF * DAYS} timesheets, got ${last.timesheet_ids.length}`)
    if (round < ROUNDS - 1) await api(base, token, 'POST', `/invoice/${last.id}/events`, { type: 'invoice.void', version: last.version, reason: 'bench' })
  }
  times.sort((a, b) => a - b)
  const ms = (value) => Math.round(value)
  return { result: { rounds: ROUNDS, lines: last.lines.length, total_cents: last.total_cents, p50_ms: ms(times[Math.floor(times.length / 2)]), max_ms: ms(times.at(-1)) }, invoice: last }
}

async function measureInvoice(database) {
  const { rota, token, parts } = await seededRota(database, { staff: STAFF, rates: { bill_rate_cents: 6150, pay_rate_cents: 3000 }, seedSql })
  try {
    const headers = { authorization: `Bearer ${token}` }
    const byService = await createRounds(rota.base, token, parts.location, false)
    await api(rota.base, token, 'POST', `/invoice/${byService.invoice.id}/events`, { type: 'invoice.void', version: byService.invoice.version, reason: 'bench' })
    const perShift = await createRounds(rota.base, token, parts.location, true)
    await api(rota.base, token, 'POST', `/invoice/${perShift.invoice.id}/events`, { type: 'invoice.void', version: perShift.invoice.version, reason: 'bench' })
    const proposal = `${rota.base}/api/v1/invoice/proposal?location_id=${parts.location}&period_from=${MARCH.period_from}&period_to=${MARCH.period_to}`
    await autocannon({ url: proposal, headers, connections, duration: 2 })
    return {
      timesheets: STAFF * DAYS,
      create_by_service: byService.result,
      create_per_shift: perShift.result,
      proposal: await measureOneConnection(proposal, headers),
      read_invoice_2000_lines: await measureOneConnection(`${rota.base}/api/v1/invoice/${perShift.invoice.id}`, headers),
    }
  } finally {
    await rota.stop()
  }
}

const results = { connections, seconds, staff: STAFF, days: DAYS, goal_create_ms: 1000, bare_fastify: await bareFastify(measureOneConnection) }
Object.assign(results, await onEachDatabase('invoice', measureInvoice))
console.log(JSON.stringify({ invoice: results }, null, 2))
