import * as v from 'valibot'

/**
 * Field names at the edge (issue 23, item 8; docs/decisions/071-field-names-at-the-edge.md).
 * The contract names every field by a readable key (`accountHolderName`), so the code inside
 * (handlers, machines, views) reads readable names and the schemas' types are readable. A field
 * that the spec names otherwise on the wire (`act_hold_name`) says so once, where the call
 * declares it: `accountHolderName: wire('act_hold_name', schema)`. The edges convert a whole
 * request or answer with `toWire` and `fromWire`: the browser's client and the dispatcher, nothing
 * else. A field without `wire` travels under its key (`email`, `amount`).
 */
export function wire<const S extends v.GenericSchema>(name: string, schema: S) {
  return v.pipe(schema, v.metadata({ wire: name }))
}

/** The parts of a schema the conversion walks: objects, their variants, wrappers, arrays. */
type Shape = v.GenericSchema & {
  entries?: v.ObjectEntries
  options?: readonly Shape[]
  wrapped?: Shape
  item?: Shape
}

/** A field's name on the wire as its schema declares it (through optional and nullable). */
export function wireNameOf(schema: v.GenericSchema): string | undefined {
  const { wire: named } = v.getMetadata(schema as Parameters<typeof v.getMetadata>[0]) as {
    wire?: unknown
  }
  if (typeof named === 'string') return named
  const { wrapped } = schema as Shape
  return wrapped ? wireNameOf(wrapped) : undefined
}

/** One field of an object schema: its readable key, its wire name and its schema. */
export interface WireField {
  readable: string
  wire: string
  schema: Shape
}

interface Fields {
  byReadable: ReadonlyMap<string, WireField>
  byWire: ReadonlyMap<string, WireField>
}

const unwrapped = (schema: Shape): Shape => (schema.wrapped ? unwrapped(schema.wrapped) : schema)

const fieldsCache = new WeakMap<Shape, Fields>()

/** The fields of an object schema, or of every variant of a union of objects, by both names. */
function fieldsOf(shape: Shape): Fields {
  const cached = fieldsCache.get(shape)
  if (cached) return cached
  const objects = shape.options ? shape.options.map(unwrapped) : [shape]
  const list = objects.flatMap((object) =>
    Object.entries(object.entries ?? {}).map(
      ([readable, schema]): WireField => ({
        readable,
        wire: wireNameOf(schema) ?? readable,
        schema: schema as Shape,
      }),
    ),
  )
  const fields = {
    byReadable: new Map(list.map((field) => [field.readable, field])),
    byWire: new Map(list.map((field) => [field.wire, field])),
  }
  fieldsCache.set(shape, fields)
  return fields
}

/** The top-level fields of a request or answer, readable key and wire name (for docs and tests). */
export function wireFields(schema: v.GenericSchema): WireField[] {
  return [...fieldsOf(unwrapped(schema as Shape)).byReadable.values()]
}

/** The wire name of a top-level field of a request or answer: its own key when it has none. */
export function wireNameOfField(schema: v.GenericSchema, readable: string): string {
  return fieldsOf(unwrapped(schema as Shape)).byReadable.get(readable)?.wire ?? readable
}

type Direction = 'toWire' | 'fromWire'

function convert(schema: Shape, value: unknown, direction: Direction): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Blob) return value
  const shape = unwrapped(schema)
  if (Array.isArray(value)) {
    const { item } = shape
    return item ? value.map((each) => convert(item, each, direction)) : value
  }
  const fields = fieldsOf(shape)
  const byName = direction === 'toWire' ? fields.byReadable : fields.byWire
  const converted: Record<string, unknown> = {}
  for (const [name, each] of Object.entries(value)) {
    const field = byName.get(name)
    // A key the schema does not know (the token, a refusal's `error`) keeps its name.
    if (!field) converted[name] = each
    else
      converted[direction === 'toWire' ? field.wire : field.readable] = convert(
        field.schema,
        each,
        direction,
      )
  }
  return converted
}

/** A request or answer with readable keys, as the wire names it (keys the schema lacks kept). */
export function toWire(schema: v.GenericSchema, value: object): Record<string, unknown> {
  return convert(schema as Shape, value, 'toWire') as Record<string, unknown>
}

/** A request or answer as it came off the wire, with the contract's readable keys. */
export function fromWire(schema: v.GenericSchema, value: unknown): unknown {
  return convert(schema as Shape, value, 'fromWire')
}
