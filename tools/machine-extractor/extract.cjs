#!/usr/bin/env node
/**
 * Reads machine files the way Stately's visual editor and the XState VS Code extension do:
 * without running them, with @xstate/machine-extractor (which needs xstate v4 at run time,
 * hence this folder's own package.json). Prints JSON:
 *
 *   { files: [{ file, error?, machines: [{ config, shape: [problem, ...] }] }] }
 *
 * `config` is the extractor's reading of each `createMachine` call (guards, actions and
 * actors tagged with their kind: named, inline or builtin). `shape` lists what the design's
 * rules forbid in the call itself: a machine not made with `setup(...).createMachine(...)`,
 * a config that is not one object literal, spreads and computed keys, implementations passed
 * to createMachine. test/flows/static-extraction.test.ts reads this output and compares it
 * with the running machines.
 *
 * Usage: node tools/machine-extractor/extract.cjs src/machines/a.machine.ts [...]
 */
const { readFileSync } = require('node:fs')
const { extractMachinesFromFile } = require('@xstate/machine-extractor')

function describeKey(property) {
  const key = property.key
  if (!key) return '?'
  if (key.type === 'Identifier') return key.name
  if (key.type === 'StringLiteral' || key.type === 'NumericLiteral') return String(key.value)
  return '[computed]'
}

const functionTypes = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'ObjectMethod',
  'ClassMethod',
])

/** Spreads and computed keys anywhere in the config, except inside functions. */
function shapeProblems(node, where, problems) {
  if (!node || typeof node !== 'object' || functionTypes.has(node.type)) return problems
  if (node.type === 'ObjectExpression') {
    for (const property of node.properties) {
      if (property.type === 'SpreadElement') {
        problems.push(`spread (...) in ${where || 'the config'}`)
        continue
      }
      const key = describeKey(property)
      if (property.computed) problems.push(`computed key [${key}] in ${where || 'the config'}`)
      if (property.type === 'ObjectProperty') {
        shapeProblems(property.value, where ? `${where}.${key}` : key, problems)
      }
    }
  } else if (node.type === 'ArrayExpression') {
    node.elements.forEach((element, index) => {
      if (element?.type === 'SpreadElement') problems.push(`spread (...) in ${where}`)
      else shapeProblems(element, `${where}[${index}]`, problems)
    })
  } else if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') {
    shapeProblems(node.expression, where, problems)
  }
  return problems
}

function isSetupCall(callee) {
  return (
    callee?.type === 'MemberExpression' &&
    callee.object?.type === 'CallExpression' &&
    callee.object.callee?.type === 'Identifier' &&
    callee.object.callee.name === 'setup'
  )
}

function machineProblems(call) {
  const problems = []
  if (!isSetupCall(call.callee))
    problems.push('not made with setup({ ... }).createMachine({ ... })')
  const [config, implementations] = call.arguments
  if (config?.type !== 'ObjectExpression') problems.push('the config is not one object literal')
  else shapeProblems(config, '', problems)
  if (implementations) problems.push('implementations passed to createMachine: name them in setup')
  return problems
}

function extractFile(file) {
  try {
    const result = extractMachinesFromFile(readFileSync(file, 'utf8'))
    const machines = (result?.machines ?? []).map((machine) => ({
      config: machine.toConfig() ?? null,
      shape: machineProblems(machine.machineCallResult.node),
    }))
    return { file, machines }
  } catch (error) {
    return { file, error: String(error?.message ?? error), machines: [] }
  }
}

process.stdout.write(`${JSON.stringify({ files: process.argv.slice(2).map(extractFile) })}\n`)
