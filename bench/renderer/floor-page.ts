// Floor page: the same deltas, same scheduling, appended to a <pre> (one text node per delta).
import { installPage } from './page-common'

const pre = document.createElement('pre')
pre.id = 'out'
document.body.append(pre)
let appends = 0
let chars = 0
let full = ''

installPage({
  prepare: async (text) => {
    full = text
    return full
  },
  begin: () => {},
  end: () => {},
  sink: (delta) => {
    pre.append(delta)
    appends++
    chars += delta.length
  },
  visibleText: () => {
    const text = pre.textContent ?? ''
    return text.length === full.length ? text : undefined
  },
  settled: () => true,
  renders: () => appends,
  sourceChars: () => chars,
})
