// MCP results of every content type as Keel's tool result: what the model is sent (capped, never
// user-only content), what the user keeps (everything), and how the images reach the model.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { McpCallResult } from '../../../src/main/mcp/mcp-connection-port'
import { MCP_TEXT_BYTES_FOR_MODEL, mcpErrorText, mcpResultToKeel } from '../../../src/main/mcp/mcp-result'
import {
  MAX_RESULT_BYTES_FOR_MODEL,
  MAX_RESULT_IMAGES,
  capTextForModel,
  toolResultMessage,
} from '../../../src/main/tools/tool-result-for-model'
import type { ToolCallOutcome, ToolResultPart } from '../../../src/shared/tool-outcome'
import { TINY_PNG } from '../../support/fake-external-tools'

const WAV = Buffer.alloc(3000, 1).toString('base64')

/** What the model is sent for a successful call with this result (the harness's one wording). */
function sentToModel(result: { output: string; parts: ToolResultPart[] }) {
  const outcome: ToolCallOutcome = {
    status: 'succeeded',
    callId: 'c',
    toolName: 't',
    kind: 'write',
    output: result.output,
    repeated: false,
    idempotencyKey: 'k',
    parts: result.parts,
  }
  return toolResultMessage(outcome)
}

describe('content types', () => {
  let server: Server | undefined
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
    server = undefined
  })

  it('text is read by the model and kept for the user', () => {
    const mapped = mcpResultToKeel({
      content: [
        { type: 'text', text: 'first' },
        { type: 'text', text: 'second' },
      ],
    })
    expect(mapped).toEqual({
      output: 'first\nsecond',
      parts: [
        { type: 'text', text: 'first' },
        { type: 'text', text: 'second' },
      ],
    })
    // Plain text goes as the text itself, not as a quoted JSON string.
    expect(sentToModel(mapped)).toEqual({ content: 'first\nsecond', isError: false })
  })

  it('an image the providers take travels as an image; another type is named, not sent', () => {
    const mapped = mcpResultToKeel({
      content: [
        { type: 'image', data: TINY_PNG, mimeType: 'image/png' },
        { type: 'image', data: 'Qk0=', mimeType: 'image/bmp' },
      ],
    })
    expect(mapped.parts).toEqual([
      { type: 'image', mimeType: 'image/png', data: TINY_PNG },
      { type: 'image', mimeType: 'image/bmp', data: 'Qk0=' },
    ])
    const sent = sentToModel(mapped)
    expect(sent.images).toEqual([{ mimeType: 'image/png', data: TINY_PNG }])
    expect(JSON.parse(sent.content)).toEqual({
      result: '[2 images]',
      imagesNotSent: ['[image image/bmp, 0 KB, shown to the user, not sent]'],
    })
  })

  it('audio: a placeholder for the model (type and size), the whole item for the user', () => {
    const item = { type: 'audio', data: WAV, mimeType: 'audio/wav' }
    const mapped = mcpResultToKeel({ content: [item] })
    expect(mapped.output).toBe('[audio audio/wav, 3 KB, shown to the user]')
    expect(mapped.parts).toEqual([{ type: 'json', value: item }])
    expect(sentToModel(mapped).images).toBeUndefined()
  })

  it('a resource link is a line (uri, name, type), never fetched', async () => {
    let requests = 0
    server = createServer((_request, response) => {
      requests++
      response.end('secret contents')
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/report.pdf`
    const item = {
      type: 'resource_link',
      uri,
      name: 'report.pdf',
      mimeType: 'application/pdf',
      description: 'Q3 report',
    }
    const mapped = mcpResultToKeel({ content: [item] })
    expect(mapped.output).toBe(`[resource link ${uri} (report.pdf, application/pdf): Q3 report; not fetched]`)
    expect(mapped.parts).toEqual([{ type: 'json', value: item }])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(requests).toBe(0)
  })

  it('embedded resources: text is read, an image blob is an image, another blob a placeholder', () => {
    const mapped = mcpResultToKeel({
      content: [
        { type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' } },
        { type: 'resource', resource: { uri: 'file:///chart.png', mimeType: 'image/png', blob: TINY_PNG } },
        {
          type: 'resource',
          resource: { uri: 'file:///a.zip', mimeType: 'application/zip', blob: Buffer.alloc(5000).toString('base64') },
        },
      ],
    })
    expect(mapped.output).toBe(
      '[resource file:///notes.md (text/markdown)]\n# Notes\n[resource file:///chart.png (image/png): the image follows]\n[resource file:///a.zip (application/zip), 5 KB, shown to the user]',
    )
    expect(mapped.parts.map((part) => part.type)).toEqual(['json', 'image', 'json'])
    expect(sentToModel(mapped).images).toEqual([{ mimeType: 'image/png', data: TINY_PNG }])
  })

  it('an unknown content type is named for the model and kept for the user', () => {
    const mapped = mcpResultToKeel({ content: [{ type: 'hologram', data: 'x' }] })
    expect(mapped).toEqual({
      output: '[content of type "hologram", shown to the user]',
      parts: [{ type: 'json', value: { type: 'hologram', data: 'x' } }],
    })
  })
})

describe('structured content', () => {
  const outputSchema = { type: 'object', properties: { temperature: { type: 'number' } }, required: ['temperature'] }

  it('the model reads the server’s text copy when it gave one, else the JSON; the structure is kept for the user', () => {
    const structured = { temperature: 21.5 }
    const withCopy = mcpResultToKeel(
      { content: [{ type: 'text', text: '{"temperature": 21.5}' }], structuredContent: structured },
      { outputSchema },
    )
    expect(withCopy.output).toBe('{"temperature": 21.5}')
    expect(withCopy.parts).toContainEqual({ type: 'json', value: structured })
    const withoutCopy = mcpResultToKeel({ content: [], structuredContent: structured }, { outputSchema })
    expect(withoutCopy.output).toBe('{"temperature":21.5}')
  })

  it('a structured result that fails the declared output schema is still a result, with a note for the model and the user', () => {
    const mapped = mcpResultToKeel(
      { content: [{ type: 'text', text: 'warm' }], structuredContent: { temperature: 'warm' } },
      { outputSchema },
    )
    expect(mapped.output).toMatch(
      /^warm\n\[Note: the structured result does not match the tool's declared output schema \(temperature: expected number, got a string \("warm"\)\)\. The action did run\.\]$/,
    )
    expect(mapped.parts).toContainEqual({ type: 'text', text: expect.stringMatching(/does not match/) })
    expect(mcpResultToKeel({ content: [{ type: 'text', text: 'ok' }] }, { outputSchema }).output).toMatch(
      /declares an output schema but returned no structured result/,
    )
  })
})

describe('content meant only for the user', () => {
  const userOnly = { audience: ['user'] }

  it('is kept for the user (marked) and never sent to the model: text and images alike', () => {
    const result: McpCallResult = {
      content: [
        { type: 'text', text: 'for the model' },
        { type: 'text', text: 'USER SECRET', annotations: userOnly },
        { type: 'image', data: TINY_PNG, mimeType: 'image/png', annotations: userOnly },
        { type: 'text', text: 'for both', annotations: { audience: ['user', 'assistant'] } },
      ],
    }
    const mapped = mcpResultToKeel(result)
    expect(mapped.output).toBe('for the model\nfor both')
    expect(mapped.parts).toEqual([
      { type: 'text', text: 'for the model' },
      { type: 'text', text: 'USER SECRET', audience: 'user' },
      { type: 'image', mimeType: 'image/png', data: TINY_PNG, audience: 'user' },
      { type: 'text', text: 'for both' },
    ])
    const sent = sentToModel(mapped)
    expect(sent.images).toBeUndefined()
    expect(sent.content).not.toMatch(/USER SECRET/)
    expect(sent.content).not.toMatch(/imagesNotSent/)
  })

  it('a result only for the user tells the model so; an error’s user-only text is not sent either', () => {
    expect(mcpResultToKeel({ content: [{ type: 'text', text: 'USER SECRET', annotations: userOnly }] }).output).toBe(
      '[The result was shown to the user only; its content is not available to you.]',
    )
    expect(
      mcpErrorText({
        content: [
          { type: 'text', text: 'disk full' },
          { type: 'text', text: 'USER SECRET', annotations: userOnly },
        ],
        isError: true,
      }),
    ).toBe('disk full')
    expect(mcpErrorText({ content: [], isError: true })).toMatch(/without saying/)
  })
})

describe('size caps', () => {
  const utf8 = (text: string) => Buffer.byteLength(text)

  it('cuts a huge text for the model (head and tail, a note with the sizes) and keeps it whole for the user', () => {
    // Quotes, newlines and multibyte characters: their JSON form is longer than the text.
    const line = 'row "quoted" \\ café 🙂 ☃\n'
    const huge = `HEAD-MARK\n${line.repeat(20_000)}TAIL-MARK`
    const mapped = mcpResultToKeel({ content: [{ type: 'text', text: huge }] })
    expect(utf8(JSON.stringify(mapped.output))).toBeLessThanOrEqual(MCP_TEXT_BYTES_FOR_MODEL)
    expect(utf8(JSON.stringify(mapped.output))).toBeGreaterThan(MCP_TEXT_BYTES_FOR_MODEL - 200)
    expect(mapped.output.startsWith('HEAD-MARK\n')).toBe(true)
    expect(mapped.output.endsWith('TAIL-MARK')).toBe(true)
    const note = /\[truncated (\d+) of (\d+) bytes: the middle was cut; the user can see all of it\]/.exec(
      mapped.output,
    )
    expect(Number(note?.[2])).toBe(utf8(huge))
    expect(utf8(mapped.output) - utf8(note![0]) - 2 + Number(note?.[1])).toBe(utf8(huge)) // what is left + what was cut = the whole
    expect(mapped.parts).toEqual([{ type: 'text', text: huge }])
    // The harness sends it as it is: under the result cap, not cut a second time.
    const sent = sentToModel(mapped)
    expect(utf8(sent.content)).toBeLessThanOrEqual(MAX_RESULT_BYTES_FOR_MODEL)
    expect(sent.content).toBe(mapped.output)
  })

  it('caps the images sent per call and names the rest; the user keeps them all', () => {
    const content = Array.from({ length: MAX_RESULT_IMAGES + 3 }, () => ({
      type: 'image',
      data: TINY_PNG,
      mimeType: 'image/png',
    }))
    const mapped = mcpResultToKeel({ content })
    expect(mapped.parts).toHaveLength(MAX_RESULT_IMAGES + 3)
    const sent = sentToModel(mapped)
    expect(sent.images).toHaveLength(MAX_RESULT_IMAGES)
    expect(JSON.parse(sent.content).imagesNotSent).toHaveLength(3)
  })

  it('any output cut for the model fits the cap in bytes, even text whose JSON escaping grows it', () => {
    // The cut used to measure characters and then escape its JSON a second time, so it could exceed the cap.
    const outcome: ToolCallOutcome = {
      status: 'succeeded',
      callId: 'c',
      toolName: 't',
      kind: 'read',
      output: { log: '"\\'.repeat(60_000) },
      repeated: false,
      idempotencyKey: undefined,
    }
    const sent = toolResultMessage(outcome)
    expect(utf8(sent.content)).toBeLessThanOrEqual(MAX_RESULT_BYTES_FOR_MODEL)
    const cut = JSON.parse(sent.content) as { truncated: boolean; text: string }
    expect(cut.truncated).toBe(true)
    const whole = JSON.stringify(outcome.output)
    expect(cut.text.startsWith(whole.slice(0, 100))).toBe(true)
    expect(cut.text.endsWith(whole.slice(-100))).toBe(true)
    expect(new RegExp(`\\[truncated \\d+ of ${utf8(whole)} bytes`).test(cut.text)).toBe(true)
  })

  it('capTextForModel: always fits, unchanged when it fits, keeps the head, never splits a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), fc.integer({ min: 120, max: 4000 }), (text, max) => {
        const cut = capTextForModel(text, max)
        expect(utf8(JSON.stringify(cut))).toBeLessThanOrEqual(max)
        if (utf8(JSON.stringify(text)) <= max) expect(cut).toBe(text)
        else {
          const head = cut.slice(0, cut.indexOf('\n[truncated '))
          expect(text.startsWith(head)).toBe(true)
          expect(cut.isWellFormed()).toBe(true)
        }
      }),
    )
  })
})
