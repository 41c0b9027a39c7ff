import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { McpCompletionRef } from '../../../../shared/mcp-completion'
import { revealInvisible } from '../../../../shared/invisible-characters'
import type { Translate } from '../../i18n/messages'
import type { ComposerMcpClient } from './composer-mcp-client'
import { entryArguments, entryLabel, missingRequired, type ComposerMcpEntry } from './composer-mcp-menu'

/** How long typing pauses before the server is asked for suggestions. */
const SUGGEST_AFTER_MS = 150

function completionRef(entry: ComposerMcpEntry): McpCompletionRef | undefined {
  if (entry.kind === 'prompt') return { type: 'prompt', name: entry.prompt.name }
  if (entry.kind === 'template') return { type: 'resource', uriTemplate: entry.template.uriTemplate }
  return undefined
}

/**
 * A prompt's or a resource template's arguments, as a small group inside the composer (required
 * ones marked), with the server's suggestions for the field being filled where it offers them.
 * Enter uses the entry, Escape gives up: the composer's own form is never submitted from here.
 */
export function McpArgumentForm({
  entry,
  client,
  t,
  onDone,
}: {
  entry: ComposerMcpEntry
  client: ComposerMcpClient
  t: Translate
  onDone: (values: Record<string, string> | undefined) => void
}) {
  const args = entryArguments(entry)
  const id = useId()
  const [values, setValues] = useState<Record<string, string>>({})
  const [field, setField] = useState<string | undefined>(args[0]?.name)
  const [suggestions, setSuggestions] = useState<{ field: string; values: string[] } | undefined>(undefined)
  // A server that refused once (no completions) is not asked again for this form.
  const refused = useRef(false)
  const first = useRef<HTMLInputElement>(null)
  useEffect(() => first.current?.focus(), [])

  const value = field === undefined ? undefined : (values[field] ?? '')
  useEffect(() => {
    const ref = completionRef(entry)
    if (field === undefined || value === undefined || ref === undefined || refused.current) return
    let current = true
    const context = Object.fromEntries(Object.entries(values).filter(([name, v]) => name !== field && v !== ''))
    const timer = setTimeout(() => {
      void client['mcp.complete']({ serverId: entry.serverId, ref, argument: { name: field, value }, context }).then(
        (answer) => {
          if (!current) return
          if (!answer.ok) {
            refused.current = true
            setSuggestions(undefined)
          } else setSuggestions({ field, values: answer.value.values.filter((v) => v !== value) })
        },
      )
    }, SUGGEST_AFTER_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
    // The other values are the context: asked again when they change.
  }, [client, entry, field, value, values])

  const missing = missingRequired(entry, values)
  const submit = () => {
    if (missing.length === 0) onDone(values)
  }
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      onDone(undefined)
    }
  }
  const legend = t(entry.kind === 'prompt' ? 'composerMcp.promptForm' : 'composerMcp.templateForm', {
    name: revealInvisible(entryLabel(entry)),
    server: revealInvisible(entry.serverName),
  })
  return (
    <fieldset className="composer-mcp-form" data-testid="composer-mcp-form">
      <legend>{legend}</legend>
      {args.map((argument, index) => {
        const inputId = `${id}-${index}`
        const shown = suggestions?.field === argument.name ? suggestions.values : []
        return (
          <div className="composer-mcp-field" key={argument.name}>
            <label htmlFor={inputId}>
              {revealInvisible(argument.title ?? argument.name)}
              {argument.required && <span className="composer-mcp-required"> ({t('composerMcp.required')})</span>}
            </label>
            <input
              id={inputId}
              ref={index === 0 ? first : undefined}
              value={values[argument.name] ?? ''}
              aria-required={argument.required}
              aria-describedby={argument.description ? `${inputId}-about` : undefined}
              autoComplete="off"
              onFocus={() => setField(argument.name)}
              onChange={(event) => {
                const next = event.target.value
                setField(argument.name)
                setValues((current) => ({ ...current, [argument.name]: next }))
              }}
              onKeyDown={keys}
            />
            {argument.description && (
              <span className="composer-mcp-about" id={`${inputId}-about`}>
                {revealInvisible(argument.description)}
              </span>
            )}
            {shown.length > 0 && (
              <ul
                className="composer-mcp-suggestions"
                aria-label={t('composerMcp.suggestions', { name: argument.title ?? argument.name })}
              >
                {shown.slice(0, 20).map((suggestion) => (
                  <li key={suggestion}>
                    <button
                      type="button"
                      onClick={() => {
                        setValues((current) => ({ ...current, [argument.name]: suggestion }))
                        setSuggestions(undefined)
                      }}
                    >
                      {revealInvisible(suggestion)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )
      })}
      <div className="composer-mcp-actions">
        <button type="button" className="primary" disabled={missing.length > 0} onClick={submit}>
          {t(entry.kind === 'prompt' ? 'composerMcp.insert' : 'composerMcp.attach')}
        </button>
        <button type="button" onClick={() => onDone(undefined)}>
          {t('composerMcp.cancel')}
        </button>
      </div>
    </fieldset>
  )
}
