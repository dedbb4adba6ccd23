import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { callNames, calls } from '#api/contract'
import { labelled } from '#api/contract/labels'
import {
  fromWire,
  toWire,
  wire,
  wireFields,
  wireNameOf,
  wireNameOfField,
} from '#api/contract/wire-fields'

const row = v.object({
  accountNumber: v.nullable(wire('act_no', v.string())),
  name: v.string(),
})

const answer = v.object({
  balances: wire('tb', v.object({ available: wire('current_balance', v.string()) })),
  transactions: v.array(row),
  latest: v.optional(v.nullable(row)),
  currency: v.string(),
})

const request = v.variant('action', [
  v.object({ action: v.literal('code') }),
  v.object({
    action: v.literal('reset'),
    resetCode: labelled(wire('reset_code', v.string()), 'The reset code'),
  }),
])

const onTheWire = {
  tb: { current_balance: '10.00' },
  transactions: [
    { act_no: '55500012', name: 'Rent' },
    { act_no: null, name: 'Top-up' },
  ],
  latest: { act_no: '55500012', name: 'Rent' },
  currency: 'USD',
}

const readable = {
  balances: { available: '10.00' },
  transactions: [
    { accountNumber: '55500012', name: 'Rent' },
    { accountNumber: null, name: 'Top-up' },
  ],
  latest: { accountNumber: '55500012', name: 'Rent' },
  currency: 'USD',
}

describe('field names at the edge (wire-fields.ts)', () => {
  it('renames nested objects, arrays and wrapped fields both ways', () => {
    expect(fromWire(answer, onTheWire)).toEqual(readable)
    expect(toWire(answer, readable)).toEqual(onTheWire)
  })

  it('keeps keys the schema does not know, and values that are not objects', () => {
    expect(fromWire(answer, { error: true, message: 'No.' })).toEqual({
      error: true,
      message: 'No.',
    })
    expect(fromWire(answer, { latest: null, transactions: 'not a list' })).toEqual({
      latest: null,
      transactions: 'not a list',
    })
    expect(fromWire(answer, undefined)).toBeUndefined()
    const file = new Blob(['x'])
    expect(toWire(v.object({ picture: wire('pic', v.blob()) }), { picture: file })).toEqual({
      pic: file,
    })
  })

  it('reads the variants of a request, with the label kept beside the wire name', () => {
    expect(toWire(request, { action: 'reset', resetCode: '123456' })).toEqual({
      action: 'reset',
      reset_code: '123456',
    })
    const [, reset] = request.options
    expect(v.getTitle(reset.entries.resetCode)).toBe('The reset code')
    expect(wireNameOf(reset.entries.resetCode)).toBe('reset_code')
    expect(wireNameOfField(request, 'resetCode')).toBe('reset_code')
    expect(wireNameOfField(request, 'action')).toBe('action')
  })

  it('a parsed readable value keeps its shape, so the conversion follows validation', () => {
    const parsed = v.parse(answer, fromWire(answer, onTheWire))
    expect(toWire(answer, parsed)).toEqual(onTheWire)
  })

  it('no object of the contract has two fields under one wire name, or a key that is another field’s wire name', () => {
    const seen = new Set<v.GenericSchema>()
    const problems: string[] = []
    const walk = (where: string, schema: v.GenericSchema) => {
      if (seen.has(schema)) return
      seen.add(schema)
      const fields = wireFields(schema)
      const wireNames = fields.map((field) => field.wire)
      const readables = new Set(fields.map((field) => field.readable))
      for (const field of fields) {
        if (wireNames.filter((name) => name === field.wire).length > 1)
          problems.push(`${where}.${field.readable}: wire name ${field.wire} taken twice`)
        if (field.wire !== field.readable && readables.has(field.wire))
          problems.push(`${where}.${field.readable}: ${field.wire} is another field's key`)
        const inner = field.schema as v.GenericSchema & { item?: v.GenericSchema }
        walk(`${where}.${field.readable}`, inner)
        if (inner.item) walk(`${where}.${field.readable}[]`, inner.item)
      }
    }
    for (const name of callNames) {
      walk(`${name} request`, calls[name].request)
      walk(`${name} answer`, calls[name].response)
    }
    expect(problems).toEqual([])
  })
})
