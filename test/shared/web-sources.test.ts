import { describe, expect, it } from 'vitest'
import type { Citation } from '../../src/shared/hosted-tools'
import { numberedSources, siteOf } from '../../src/shared/web-sources'

const cite = (url: string, extra: Partial<Citation> = {}): Citation => ({
  url,
  title: undefined,
  citedText: undefined,
  supportedText: undefined,
  span: undefined,
  ...extra,
})

describe('numbered sources', () => {
  it('numbers pages once each, in first-cited order, with any title and every distinct quote', () => {
    const sources = numberedSources([
      cite('https://b.example/x', { supportedText: 'Answer words.' }),
      cite('https://www.a.example/y', { title: 'A page', citedText: ' Quoted. ' }),
      cite('https://b.example/x', { title: 'B page', citedText: 'Other quote.' }),
      cite('https://b.example/x', { supportedText: 'Answer words.' }),
      cite(''),
    ])
    expect(sources).toEqual([
      {
        number: 1,
        url: 'https://b.example/x',
        title: 'B page',
        site: 'b.example',
        quotes: ['Answer words.', 'Other quote.'],
      },
      { number: 2, url: 'https://www.a.example/y', title: 'A page', site: 'a.example', quotes: ['Quoted.'] },
    ])
  })

  it('names no site for what is not a URL', () => {
    expect(siteOf('not a url')).toBe('')
  })
})
