import { ApiError } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderPiece } from '../../testing/render-piece.tsx'
import { RecordPanel, RecordPanelBody, RecordPanelCancel, RecordPanelFooter, RecordPanelPending } from './record-panel.tsx'
import { ActiveBadge } from './status-badge.tsx'
import { useOpenRecord } from './use-open-record.ts'

const ID = '00000000-0000-4000-8000-000000000701'

/** A screen of crews as a feature would write it: the list's buttons and the crew open in the address. */
function Crews({ busy = false }: { busy?: boolean }) {
  const record = useOpenRecord()
  const [dirty, setDirty] = useState(false)
  return (
    <>
      <button type="button" onClick={() => record.open(ID)}>
        Crew 7
      </button>
      <button type="button" onClick={record.openNew}>
        Add a crew
      </button>
      {record.id && (
        <RecordPanel
          open
          onClose={record.close}
          title="Crew 7"
          status={<ActiveBadge active />}
          actions={<button type="button">Publish</button>}
          dirty={dirty}
          busy={busy}
          history={<p>Created by Ana Diaz</p>}
        >
          <form onChange={() => setDirty(true)}>
            <RecordPanelBody>
              <label>
                Crew name
                <input name="name" defaultValue="Crew 7" />
              </label>
            </RecordPanelBody>
            <RecordPanelFooter>
              <RecordPanelCancel>Cancel</RecordPanelCancel>
            </RecordPanelFooter>
          </form>
        </RecordPanel>
      )}
      {record.isNew && (
        <RecordPanel open onClose={record.close} title="New crew">
          <p>The new crew's fields</p>
        </RecordPanel>
      )}
    </>
  )
}

describe('RecordPanel', () => {
  it('opens the record named in the address beside the list\'s own query, and Back or Close takes it away', async () => {
    const { current, location } = renderPiece(<Crews />, { path: '/crews?q=north&page=2' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Crew 7' }))
    expect(current()).toBe(`/crews?q=north&page=2&id=${ID}`)
    const panel = await screen.findByRole('dialog', { name: 'Crew 7' })
    expect(within(panel).getByText('Active')).toBeVisible()
    expect(within(panel).getByRole('button', { name: 'Publish' })).toBeVisible()
    // The page keeps one banner: the panel's head is not another.
    expect(screen.queryAllByRole('banner', { hidden: true })).toHaveLength(0)
    await user.click(within(panel).getByRole('button', { name: 'Close' }))
    expect(current()).toBe('/crews?q=north&page=2')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(location.history).toEqual(['/crews?q=north&page=2', `/crews?q=north&page=2&id=${ID}`, '/crews?q=north&page=2'])
  })

  it('opens from a link, opens a new record without tabs, and ignores an id that is none', async () => {
    const linked = renderPiece(<Crews />, { path: `/crews?id=${ID}` })
    expect(await screen.findByRole('dialog', { name: 'Crew 7' })).toBeVisible()
    linked.unmount()
    const added = renderPiece(<Crews />, { path: '/crews?id=new' })
    const panel = await screen.findByRole('dialog', { name: 'New crew' })
    expect(within(panel).queryByRole('tab')).toBeNull()
    expect(within(panel).getByText("The new crew's fields")).toBeVisible()
    added.unmount()
    renderPiece(<Crews />, { path: '/crews?id=not-an-id' })
    await screen.findByRole('button', { name: 'Crew 7' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('keeps what was typed in Details while History is read', async () => {
    renderPiece(<Crews />, { path: `/crews?id=${ID}` })
    const panel = await screen.findByRole('dialog', { name: 'Crew 7' })
    const user = userEvent.setup()
    expect(within(panel).getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true')
    await user.type(within(panel).getByLabelText('Crew name'), ' North')
    await user.click(within(panel).getByRole('tab', { name: 'History' }))
    expect(within(panel).getByRole('tabpanel', { name: 'History' })).toHaveTextContent('Created by Ana Diaz')
    await user.click(within(panel).getByRole('tab', { name: 'Details' }))
    expect(within(panel).getByLabelText('Crew name')).toHaveValue('Crew 7 North')
  })

  it('asks before closing on unsaved changes, from its Cancel or Escape', async () => {
    const { current } = renderPiece(<Crews />, { path: `/crews?id=${ID}` })
    const panel = await screen.findByRole('dialog', { name: 'Crew 7' })
    const user = userEvent.setup()
    await user.type(within(panel).getByLabelText('Crew name'), ' North')

    await user.click(within(panel).getByRole('button', { name: 'Cancel' }))
    let question = await screen.findByRole('alertdialog', { name: 'Discard your changes?' })
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(within(panel).getByLabelText('Crew name')).toHaveValue('Crew 7 North')

    await user.keyboard('{Escape}')
    question = await screen.findByRole('alertdialog', { name: 'Discard your changes?' })
    await user.click(within(question).getByRole('button', { name: 'Discard changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(current()).toBe('/crews')
  })

  it('stays open while a save runs', async () => {
    const { current } = renderPiece(<Crews busy />, { path: `/crews?id=${ID}` })
    const panel = await screen.findByRole('dialog', { name: 'Crew 7' })
    expect(within(panel).getByRole('button', { name: 'Close' })).toBeDisabled()
    expect(within(panel).getByRole('button', { name: 'Cancel' })).toBeDisabled()
    await userEvent.setup().keyboard('{Escape}')
    expect(current()).toBe(`/crews?id=${ID}`)
    expect(screen.getByRole('dialog', { name: 'Crew 7' })).toBeVisible()
  })

  it('says a record is loading, or why it cannot be opened', async () => {
    const { unmount } = renderPiece(<RecordPanelPending onClose={() => {}} />)
    expect(await screen.findByRole('dialog', { name: 'Loading the record' })).toBeVisible()
    unmount()
    renderPiece(<RecordPanelPending error={new ApiError({ status: 404, code: 'not_found', message: 'This record does not exist.' })} onClose={() => {}} />)
    const panel = await screen.findByRole('dialog', { name: 'This record could not be opened' })
    expect(within(panel).getByRole('alert')).toHaveTextContent('This record does not exist.')
  })
})
