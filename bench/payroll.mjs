// A bi-weekly pay run for 500 staff: ten 9-hour days each in the period (5,000 approved timesheets,
// every week with overtime past Ontario's 44 hours) and an approved expense each, computed by
// `POST /payroll` (the draft: hours × rates, overtime, vacation pay, reimbursements, one line each),
// counted again by `POST /payroll/{id}/recalculate`, then approved (counted once more to check
// nothing changed, numbered, 5,000 timesheets and 500 expenses locked). On the embedded database
// and, when ROTA_TEST_DATABASE_URL is set (`npm run bench` provides a throwaway cluster), on
// PostgreSQL as Rota's own role. The people are made through the API; the timesheets and expenses
// are written straight into the database, then the server counts every week's overtime (a change
// of the overtime rules in the settings). Beside a bare Fastify answer from the same run, for scale.
// The goal is a run computed in ≤ 2 s. Prints JSON.
import autocannon from 'autocannon'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { embeddedBenchDatabase, postgresBenchDatabase, register, startProcess } from './support.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const STAFF = 500
// A bi-weekly period of the default schedule (counted from Monday 2026-01-05).
const PERIOD_START = '2027-01-04'
const DAYS = 14
const RECALCULATIONS = 5

async function api(base, token, method, path, body) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()).data
}

const seconds = (since) => Math.round((performance.now() - since) / 10) / 100

async function seedPeople(base, token) {
  const location = await api(base, token, 'POST', '/location', { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })
  const service = await api(base, token, 'POST', '/service', { name: 'Security', bill_rate_cents: 6000, pay_rate_cents: 2550 })
  for (let i = 0; i < STAFF; i++) await api(base, token, 'POST', '/user', { email: `staff${i}@bench.test`, firstname: 'Staff', lastname: `${i}`, role: 'Staff' })
  return { location: location.id, service: service.id }
}

/** Ten weekdays of 08:00–17:00 in Toronto for each person (45-hour weeks), approved, and one approved expense each. */
const seedSql = (businessId, location, service) => `
  insert into timesheets (business_id, staff_id, location_id, service_id, started_at, ended_at, break_minutes, flags, status, created_by)
  select '${businessId}', u.id, '${location}', '${service}',
    (d::date + time '08:00') at time zone 'America/Toronto', (d::date + time '17:00') at time zone 'America/Toronto', 0, '[]'::jsonb, 'approved', u.id
  from users u
  cross join generate_series(date '${PERIOD_START}', date '${PERIOD_START}' + ${DAYS - 1}, interval '1 day') d
  where u.business_id = '${businessId}' and u.email like 'staff%@bench.test' and extract(isodow from d) <= 5;

  insert into expenses (business_id, staff_id, date, category, description, amount_cents, tax_cents, total_cents, status, created_by)
  select '${businessId}', u.id, date '${PERIOD_START}' + 2, 'meals', 'Client lunch', 4000, 520, 4520, 'approved', u.id
  from users u where u.business_id = '${businessId}' and u.email like 'staff%@bench.test';

  analyze timesheets;
  analyze expenses;`

async function measureRun(env, seedDatabase) {
  const run = async () => startProcess(process.execPath, [join(root, 'server/dist/server.js')], { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' })
  let rota = await run()
  const businessId = 'bench'
  const token = await register(rota.base, businessId)
  const parts = await seedPeople(rota.base, token)
  // The embedded database belongs to one process at a time: the server stops while the rows go in.
  if (env.ROTA_DATABASE_URL) await seedDatabase(seedSql(businessId, parts.location, parts.service))
  else {
    await rota.stop()
    await seedDatabase(seedSql(businessId, parts.location, parts.service))
    rota = await run()
  }
  try {
    // Counting every week's overtime (the seed wrote paid minutes only): what a change of the rules does.
    await api(rota.base, token, 'PUT', '/settings', { overtime_jurisdiction: 'QC' })
    await api(rota.base, token, 'PUT', '/settings', { overtime_jurisdiction: 'ON' })
    let started = performance.now()
    let payroll = await api(rota.base, token, 'POST', '/payroll', { date: PERIOD_START })
    const create = seconds(started)
    const timesheets = payroll.people.reduce((sum, person) => sum + person.timesheets, 0)
    if (payroll.people_count !== STAFF || timesheets !== STAFF * 10) throw new Error(`expected ${STAFF} people and ${STAFF * 10} timesheets, got ${payroll.people_count} and ${timesheets}`)
    if (payroll.overtime_minutes !== STAFF * 2 * 60) throw new Error(`expected an hour of overtime a week each, got ${payroll.overtime_minutes} minutes`)
    const recalculations = []
    for (let i = 0; i < RECALCULATIONS; i++) {
      started = performance.now()
      payroll = await api(rota.base, token, 'POST', `/payroll/${payroll.id}/recalculate`, { version: payroll.version })
      recalculations.push(seconds(started))
    }
    recalculations.sort((a, b) => a - b)
    started = performance.now()
    const approved = await api(rota.base, token, 'POST', `/payroll/${payroll.id}/events`, { type: 'payroll.approve', version: payroll.version })
    const approve = seconds(started)
    started = performance.now()
    await api(rota.base, token, 'POST', `/payroll/${payroll.id}/events`, { type: 'payroll.pay', version: approved.version })
    const pay = seconds(started)
    return {
      people: payroll.people_count,
      timesheets,
      gross_dollars: payroll.gross_cents / 100,
      create_seconds: create,
      recalculate_median_seconds: recalculations[Math.floor(RECALCULATIONS / 2)],
      recalculate_max_seconds: recalculations.at(-1),
      approve_seconds: approve,
      pay_seconds: pay,
    }
  } finally {
    await rota.stop()
  }
}

// A bare Fastify answer measured in the same run, for scale on a shared machine.
const bareProcess = await startProcess(process.execPath, [join(root, 'bench/bare-fastify.mjs')], { PORT: '0' })
const bareRun = await autocannon({ url: bareProcess.base, connections: 1, duration: 5 })
await bareProcess.stop()

const results = { staff: STAFF, goal_seconds: 2, bare_fastify: { requests_per_second: Math.round(bareRun.requests.average), p50_ms: bareRun.latency.p50, p99_ms: bareRun.latency.p99 } }

const embedded = await embeddedBenchDatabase('rota-bench-payroll-')
results.pglite = await measureRun(embedded.env, embedded.seed)
embedded.remove()

const url = process.env.ROTA_TEST_DATABASE_URL
if (url) {
  const postgres = await postgresBenchDatabase(url, 'rota_bench_payroll')
  results.postgres = await measureRun(postgres.env, postgres.seed)
  postgres.remove()
}
console.log(JSON.stringify({ payroll: results }, null, 2))
