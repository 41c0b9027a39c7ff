import { describe, expect, it } from 'vitest'
import { splitTokenFromFragment } from '../../../src/renderer/src/api/browser-mode-access'

describe('splitTokenFromFragment', () => {
  it('takes `token` out of the fragment and keeps anything else there', () => {
    expect(splitTokenFromFragment('#token=abc_DEF-123')).toEqual({ token: 'abc_DEF-123', rest: '' })
    expect(splitTokenFromFragment('#x=1&token=abc&y=2')).toEqual({ token: 'abc', rest: '#x=1&y=2' })
    expect(splitTokenFromFragment('#token=')).toEqual({ token: '', rest: '' })
  })

  it('leaves a fragment without a token alone', () => {
    expect(splitTokenFromFragment('')).toEqual({ token: undefined, rest: '' })
    expect(splitTokenFromFragment('#section')).toEqual({ token: undefined, rest: '#section' })
  })
})
