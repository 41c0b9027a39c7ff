import { useEffect, useId, useRef, useState } from 'react'
import type { Translate } from '../../i18n/messages'
import {
  newRow,
  rowState,
  saveRequestOf,
  type FormProblem,
  type SaveRequest,
  type ServerForm,
  type ValueRow,
} from './mcp-server-form-data'

export function formProblemText(t: Translate, problem: FormProblem): string {
  switch (problem.code) {
    case 'name-required':
      return t('mcpNameRequired')
    case 'command-required':
      return t('mcpCommandRequired')
    case 'url-invalid':
      return t('mcpUrlInvalid')
    case 'timeout-invalid':
      return t('mcpTimeoutInvalid', { max: problem.max })
    case 'key-empty':
      return t(problem.where === 'env' ? 'mcpEnvKeyEmpty' : 'mcpHeaderKeyEmpty')
    case 'key-repeated':
      return t('mcpKeyRepeated', { key: problem.key })
    case 'value-required':
      return t('mcpValueRequired', { key: problem.key })
  }
}

/** Add or edit a server. Env values and headers are write-only: a saved one shows only "set" or "missing". */
export function McpServerFormView({
  initial,
  title,
  t,
  onSubmit,
  onCancel,
}: {
  initial: ServerForm
  title: string
  t: Translate
  /** Saves; resolves to the error to show, or undefined when saved. */
  onSubmit: (request: SaveRequest) => Promise<string | undefined>
  onCancel: () => void
}) {
  const [form, setForm] = useState(initial)
  const [problem, setProblem] = useState('')
  const [saving, setSaving] = useState(false)
  const id = useId()
  const first = useRef<HTMLInputElement>(null)
  // Opening the form puts the user in its first field.
  useEffect(() => first.current?.focus(), [])
  const patch = (change: Partial<ServerForm>) => setForm((current) => ({ ...current, ...change }))
  const stdio = form.transport === 'stdio'
  const field = (name: string) => `${id}-${name}`

  return (
    <form
      className="mcp-form"
      data-testid="mcp-server-form"
      aria-labelledby={field('title')}
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        const checked = saveRequestOf(form)
        if (!checked.ok) return setProblem(formProblemText(t, checked.problem))
        setSaving(true)
        const error = await onSubmit(checked.request)
        setSaving(false)
        setProblem(error ?? '')
      }}
      onKeyDown={(e) => {
        // Esc leaves the form, not the whole settings panel.
        if (e.key === 'Escape') {
          e.stopPropagation()
          onCancel()
        }
      }}
    >
      <h4 id={field('title')}>{title}</h4>
      <div className="row">
        <label htmlFor={field('name')}>{t('mcpName')}</label>
        <input ref={first} id={field('name')} value={form.name} onChange={(e) => patch({ name: e.target.value })} />
      </div>
      <div className="row">
        <label htmlFor={field('transport')}>{t('mcpTransport')}</label>
        <select
          id={field('transport')}
          value={form.transport}
          onChange={(e) => patch({ transport: e.target.value as ServerForm['transport'] })}
        >
          <option value="stdio">{t('mcpTransportStdio')}</option>
          <option value="http">{t('mcpTransportHttp')}</option>
          <option value="sse">{t('mcpTransportSse')}</option>
        </select>
      </div>
      {stdio ? (
        <>
          <div className="row">
            <label htmlFor={field('command')}>{t('mcpCommand')}</label>
            <input
              id={field('command')}
              spellCheck={false}
              value={form.command}
              onChange={(e) => patch({ command: e.target.value })}
            />
          </div>
          <div className="row">
            <label htmlFor={field('args')}>{t('mcpArgs')}</label>
            <textarea
              id={field('args')}
              spellCheck={false}
              rows={3}
              value={form.args}
              onChange={(e) => patch({ args: e.target.value })}
            />
          </div>
          <div className="row">
            <label htmlFor={field('cwd')}>{t('mcpWorkingFolder')}</label>
            <input
              id={field('cwd')}
              spellCheck={false}
              value={form.cwd}
              onChange={(e) => patch({ cwd: e.target.value })}
            />
          </div>
          <ValueRows kind="env" rows={form.env} t={t} idPrefix={field('env')} onChange={(env) => patch({ env })} />
        </>
      ) : (
        <>
          <div className="row">
            <label htmlFor={field('url')}>{t('mcpUrl')}</label>
            <input
              id={field('url')}
              type="url"
              spellCheck={false}
              value={form.url}
              onChange={(e) => patch({ url: e.target.value })}
            />
          </div>
          <ValueRows
            kind="headers"
            rows={form.headers}
            t={t}
            idPrefix={field('headers')}
            onChange={(headers) => patch({ headers })}
          />
          <fieldset className="mcp-values" data-testid="mcp-oauth-client">
            <legend>{t('mcpOAuthClient')}</legend>
            <p id={field('client-help')} className="muted field-help">
              {t('mcpOAuthClientHelp')}
            </p>
            <div className="row">
              <label htmlFor={field('client-id')}>{t('mcpOAuthClientId')}</label>
              <input
                id={field('client-id')}
                spellCheck={false}
                autoComplete="off"
                aria-describedby={field('client-help')}
                value={form.oauthClientId}
                onChange={(e) => patch({ oauthClientId: e.target.value })}
              />
            </div>
            <div className="row">
              <label htmlFor={field('client-secret')}>{t('mcpOAuthClientSecret')}</label>
              <input
                id={field('client-secret')}
                type="password"
                autoComplete="off"
                placeholder={form.oauthSecretSet ? t('mcpValueKeep') : ''}
                value={form.oauthClientSecret}
                onChange={(e) => patch({ oauthClientSecret: e.target.value })}
              />
              {form.oauthSecretSet && form.oauthClientId.trim() === form.savedOAuthClientId && (
                <span className="value-state" data-testid="mcp-oauth-secret-state">
                  {t('mcpValueSet')}
                </span>
              )}
            </div>
          </fieldset>
        </>
      )}
      <div className="row">
        <label htmlFor={field('timeout')}>{t('mcpTimeout')}</label>
        <input
          id={field('timeout')}
          inputMode="numeric"
          placeholder="60"
          value={form.timeoutSeconds}
          onChange={(e) => patch({ timeoutSeconds: e.target.value })}
        />
      </div>
      <div className="field">
        <label>
          <input
            type="checkbox"
            checked={form.trustReadOnlyHints}
            aria-describedby={field('trust-help')}
            onChange={(e) => patch({ trustReadOnlyHints: e.target.checked })}
          />{' '}
          {t('mcpTrustHints')}
        </label>
        <p id={field('trust-help')} className="muted field-help">
          {t('mcpTrustHintsHelp')}
        </p>
      </div>
      {problem && <p role="alert">{problem}</p>}
      <div className="row">
        <button type="submit" className="primary" disabled={saving}>
          {t('save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  )
}

/** Env variables or headers as name/value rows; saved values are never shown, only whether they are set. */
function ValueRows({
  kind,
  rows,
  t,
  idPrefix,
  onChange,
}: {
  kind: 'env' | 'headers'
  rows: ValueRow[]
  t: Translate
  idPrefix: string
  onChange: (rows: ValueRow[]) => void
}) {
  const env = kind === 'env'
  const update = (rowId: number, change: Partial<ValueRow>) =>
    onChange(rows.map((row) => (row.rowId === rowId ? { ...row, ...change } : row)))
  return (
    <fieldset className="mcp-values">
      <legend>{t(env ? 'mcpEnv' : 'mcpHeaders')}</legend>
      {rows.length === 0 && <p className="muted">{t('mcpNone')}</p>}
      {rows.map((row, index) => {
        const n = index + 1
        const keyId = `${idPrefix}-${row.rowId}-key`
        const valueId = `${idPrefix}-${row.rowId}-value`
        const stateId = `${idPrefix}-${row.rowId}-state`
        const stored = rowState(row)
        return (
          <div className="value-row" key={row.rowId}>
            <label htmlFor={keyId}>{t(env ? 'mcpEnvName' : 'mcpHeaderName', { n })}</label>
            <input
              id={keyId}
              spellCheck={false}
              autoComplete="off"
              value={row.key}
              onChange={(e) => update(row.rowId, { key: e.target.value })}
            />
            <label htmlFor={valueId}>{t(env ? 'mcpEnvValue' : 'mcpHeaderValue', { n })}</label>
            <input
              id={valueId}
              type="password"
              autoComplete="off"
              aria-describedby={stored ? stateId : undefined}
              placeholder={stored === 'set' ? t('mcpValueKeep') : ''}
              value={row.value}
              onChange={(e) => update(row.rowId, { value: e.target.value })}
            />
            {stored && (
              <span id={stateId} className="value-state" data-testid="mcp-value-state">
                {t(stored === 'set' ? 'mcpValueSet' : 'mcpValueMissing')}
              </span>
            )}
            <button type="button" onClick={() => onChange(rows.filter((r) => r.rowId !== row.rowId))}>
              {t(env ? 'mcpRemoveEnv' : 'mcpRemoveHeader', { n })}
            </button>
          </div>
        )
      })}
      <button type="button" onClick={() => onChange([...rows, newRow()])}>
        {t(env ? 'mcpAddEnv' : 'mcpAddHeader')}
      </button>
    </fieldset>
  )
}
