import { describe, expect, it } from 'vitest'
import { setup } from 'xstate'
import { machineModel } from './model.ts'
import { walk } from './walk.ts'

const lampMachine = setup({
  types: { events: {} as { type: 'lamp.press' } },
}).createMachine({
  id: 'lamp',
  initial: 'off',
  states: {
    off: { on: { 'lamp.press': { target: 'on' } } },
    on: { on: { 'lamp.press': { target: 'off' } } },
  },
})
const [toOn] = machineModel(lampMachine, { events: () => ({}) }).getShortestPaths({ toState: (state) => state.matches('on') })

describe('walk', () => {
  it('passes when the actor follows the model and every meaning holds', async () => {
    await expect(walk(toOn!, { machine: lampMachine, world: {}, meanings: { on: () => {} } })).resolves.toBeUndefined()
  })

  it("fails with a plain Error naming the meaning that does not hold, and still runs the world's cleanup", async () => {
    let cleaned = false
    const world = { cleanup: async () => void (cleaned = true) }
    const meanings = {
      on: () => {
        throw new Error('the lamp gives no light')
      },
    }
    const failure = await walk(toOn!, { machine: lampMachine, world, meanings }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toMatch(/^the lamp gives no light/)
    expect(cleaned).toBe(true)
  })

  it('fails when the actor is not where the model is', async () => {
    const world = { events: { 'lamp.press': () => {} } }
    await expect(walk(toOn!, { machine: lampMachine, world, meanings: {} })).rejects.toThrow(/the actor is in "off", the model in "on"/)
  })
})
