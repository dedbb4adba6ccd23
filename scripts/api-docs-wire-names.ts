import type * as v from 'valibot'
import { wireFields } from '#api/contract/wire-fields'
import type { JsonSchema } from './api-docs'

type Nested = v.GenericSchema & { wrapped?: Nested; item?: Nested }

const unwrapped = (schema: Nested): Nested => (schema.wrapped ? unwrapped(schema.wrapped) : schema)

/**
 * The JSON schema of a request or answer with the wire's field names (`act_hold_name`), where
 * the contract's schema has the code's (`accountHolderName`): the API reference documents the
 * wire (docs/decisions/071-field-names-at-the-edge.md).
 */
export function withWireNames(schema: v.GenericSchema, json: JsonSchema): JsonSchema {
  const renamed: JsonSchema = { ...json }
  if (json.properties) {
    const fields = new Map(wireFields(schema).map((field) => [field.readable, field]))
    renamed.properties = Object.fromEntries(
      Object.entries(json.properties).map(([key, value]) => {
        const field = fields.get(key)
        return field ? [field.wire, withWireNames(field.schema, value)] : [key, value]
      }),
    )
    renamed.required = json.required?.map((key) => fields.get(key)?.wire ?? key)
  }
  const { item } = unwrapped(schema as Nested)
  if (json.items && item) renamed.items = withWireNames(item, json.items)
  if (json.anyOf) renamed.anyOf = json.anyOf.map((option) => withWireNames(schema, option))
  if (json.oneOf) renamed.oneOf = json.oneOf.map((option) => withWireNames(schema, option))
  return renamed
}

/** A field's name as the wire has it, and the code's name beside it when they differ. */
export function fieldNameCell(schema: v.GenericSchema, wireName: string): string {
  const field = wireFields(schema).find((each) => each.wire === wireName)
  return field && field.readable !== wireName
    ? `\`${wireName}\` (code: \`${field.readable}\`)`
    : `\`${wireName}\``
}

/** The code's name of a field the wire names `wireName`. */
export function readableNameOf(schema: v.GenericSchema, wireName: string): string {
  return wireFields(schema).find((field) => field.wire === wireName)?.readable ?? wireName
}
