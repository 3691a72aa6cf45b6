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
import { api, bareFastify, onEachDatabase, seededRota } from './support.mjs'

const STAFF = 500
// A bi-weekly period of the default schedule (counted from Monday 2026-01-05).
const PERIOD_START = '2027-01-04'
const DAYS = 14
const RECALCULATIONS = 5

const seconds = (since) => Math.round((performance.now() - since) / 10) / 100

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

async function measureRun(database) {
  const { rota, token } = await seededRota(database, { staff: STAFF, rates: { bill_rate_cents: 6000, pay_rate_cents: 2550 }, seedSql })
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
const bare = await bareFastify(async (url) => {
  const run = await autocannon({ url, connections: 1, duration: 5 })
  return { requests_per_second: Math.round(run.requests.average), p50_ms: run.latency.p50, p99_ms: run.latency.p99 }
})
const results = { staff: STAFF, goal_seconds: 2, bare_fastify: bare }
Object.assign(results, await onEachDatabase('payroll', measureRun))
console.log(JSON.stringify({ payroll: results }, null, 2))
