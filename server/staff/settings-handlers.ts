import { listSettings, proposeSettings, settingsAreaPage } from '../domain/settings'
import { changeAnswer, idOf, readAnswer } from './answers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'

/** The settings editor (settings.ts in the staff contract, docs/decisions/078). */

export const settingsHandlers = {
  async settingslist({ deps, session }) {
    return readAnswer(await listSettings(deps, actorOf(requireStaffSession(session))))
  },

  async settingsarea({ input, deps, session }) {
    return readAnswer(
      await settingsAreaPage(deps, actorOf(requireStaffSession(session)), input.area),
    )
  },

  async settingspropose({ input, deps, session }) {
    const proposed = await proposeSettings(deps, actorOf(requireStaffSession(session)), {
      area: input.area,
      input: input.content,
      basedOn: idOf(input.based_on),
      note: input.note,
    })
    return changeAnswer(proposed, ({ message }) => message)
  },
} satisfies Partial<StaffHandlers>
