// The contract's domains (src/shared/ipc/commands/<domain>.ts) and the service's handler modules
// (src/main/app/commands/<domain>.ts) name the same commands: no command without a handler, no
// handler without a command, each command in exactly one domain on both sides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppParts } from '../../../src/main/app/commands/command-handler'
import { DOMAIN_HANDLERS, createCommandHandlers } from '../../../src/main/app/commands/command-handlers'
import { COMMAND_ACCESS, COMMAND_DOMAINS, COMMAND_SCHEMAS } from '../../../src/shared/ipc/app-contract'
import { COMMAND_NAMES } from '../../../src/shared/ipc/channels'
import { startAppWorld, type AppWorld } from './app-helpers'

const sorted = (names: Iterable<string>) => [...names].sort()
// The maps are built without calling a handler, so no part of the service is needed to list them.
const noParts = {} as AppParts

describe('command handlers', () => {
  let world: AppWorld
  beforeAll(async () => {
    world = await startAppWorld()
  })
  afterAll(async () => {
    await world.close()
  })

  it('each command is in exactly one domain of the contract, with its schema and access', () => {
    const named = Object.values(COMMAND_DOMAINS).flatMap((domain) => Object.keys(domain.schemas))
    expect(sorted(named)).toEqual(sorted(COMMAND_NAMES))
    for (const domain of Object.values(COMMAND_DOMAINS))
      expect(sorted(Object.keys(domain.access))).toEqual(sorted(Object.keys(domain.schemas)))
    expect(sorted(Object.keys(COMMAND_SCHEMAS))).toEqual(sorted(COMMAND_NAMES))
    expect(sorted(Object.keys(COMMAND_ACCESS))).toEqual(sorted(COMMAND_NAMES))
  })

  it('each domain has one handler module answering exactly its commands', () => {
    expect(sorted(Object.keys(DOMAIN_HANDLERS))).toEqual(sorted(Object.keys(COMMAND_DOMAINS)))
    for (const [name, domain] of Object.entries(COMMAND_DOMAINS)) {
      const handlers = DOMAIN_HANDLERS[name as keyof typeof DOMAIN_HANDLERS](noParts)
      expect({ name, commands: sorted(Object.keys(handlers)) }).toEqual({
        name,
        commands: sorted(Object.keys(domain.schemas)),
      })
    }
  })

  it('the service has a handler for every command and none for anything else', () => {
    expect(sorted(Object.keys(createCommandHandlers(noParts)))).toEqual(sorted(COMMAND_NAMES))
    const table = (world.service as unknown as { handlers: Record<string, unknown> }).handlers
    expect(sorted(Object.keys(table))).toEqual(sorted(COMMAND_NAMES))
    for (const handler of Object.values(table)) expect(typeof handler).toBe('function')
  })
})
