import { describe, expect, it, vi } from 'vitest'
import { createInterruptHandler } from '../../src/cli/interrupts'

describe('Ctrl-C handling of keel chat', () => {
  it('SIGINTs within the window are one stop; a later one forces; one before the turn stops it at start', () => {
    let now = 0
    const onForce = vi.fn()
    const handler = createInterruptHandler({ onForce, windowMs: 2000, now: () => now })
    const stop = vi.fn()
    handler.signal() // during startup: no turn yet
    handler.onInterrupt(stop)
    expect(stop).toHaveBeenCalledTimes(1)
    now = 50
    handler.signal() // the same keypress, forwarded by npm/tsx
    now = 1999
    handler.signal()
    expect(stop).toHaveBeenCalledTimes(1)
    expect(onForce).not.toHaveBeenCalled()
    now = 2500
    handler.signal()
    expect(onForce).toHaveBeenCalledTimes(1)
  })

  it('a first SIGINT while the turn runs stops it once', () => {
    const handler = createInterruptHandler({ onForce: () => {}, now: () => 0 })
    const stop = vi.fn()
    handler.onInterrupt(stop)
    expect(stop).not.toHaveBeenCalled()
    handler.signal()
    handler.signal()
    expect(stop).toHaveBeenCalledTimes(1)
  })
})
