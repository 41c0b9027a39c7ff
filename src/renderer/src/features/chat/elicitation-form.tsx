import { useId, useMemo, useRef, useState } from 'react'
import type { Translate } from '../../i18n/messages'
import {
  checkElicitation,
  elicitationFields,
  initialValues,
  type ElicitationField,
  type ElicitationValues,
  type FieldError,
} from './elicitation-fields'
import type { PendingElicitation } from '../../state/run-reducer'
import { ServerText } from '../../ui/server-text'
import { revealInvisible } from '../../../../shared/invisible-characters'
import type { ElicitationAnswer } from '../../state/chat-store'

export function fieldErrorText(t: Translate, error: FieldError): string {
  switch (error.code) {
    case 'required':
      return t('formRequired')
    case 'not-a-number':
      return t('invalidNumber')
    case 'not-an-integer':
      return t('formWholeNumber')
    case 'below-min':
      return t('formAtLeast', { min: error.min })
    case 'above-max':
      return t('formAtMost', { max: error.max })
    case 'too-short':
      return t('formTooShort', { min: error.min })
    case 'too-long':
      return t('formTooLong', { max: error.max })
    case 'bad-format':
      return t(
        error.format === 'email'
          ? 'formBadEmail'
          : error.format === 'uri'
            ? 'formBadUri'
            : error.format === 'date'
              ? 'formBadDate'
              : 'formBadDateTime',
      )
    case 'too-few':
      return t('formTooFew', { min: error.min })
    case 'too-many':
      return t('formTooMany', { max: error.max })
    case 'not-an-option':
      return t('formNotAnOption')
  }
}

const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const

/**
 * A server's request for input, as a form built from its `requestedSchema`: Submit (the checked
 * entries), Decline or Cancel. The server's words are plain text. A schema Keel cannot show as a
 * form can only be declined or cancelled.
 */
export function ElicitationForm({
  request,
  t,
  onAnswer,
}: {
  request: PendingElicitation
  t: Translate
  onAnswer: (elicitationId: string, answer: ElicitationAnswer) => void
}) {
  const parsed = useMemo(() => elicitationFields(request.requestedSchema), [request.requestedSchema])
  const fields = parsed.ok ? parsed.fields : []
  const [values, setValues] = useState<ElicitationValues>(() => initialValues(fields))
  const [errors, setErrors] = useState<Record<string, FieldError>>({})
  const form = useRef<HTMLFormElement>(null)
  const id = useId()
  const headingId = `${id}-title`
  const set = (name: string, value: string | boolean | string[]) =>
    setValues((current) => ({ ...current, [name]: value }))
  const answer = (value: ElicitationAnswer) => onAnswer(request.elicitationId, value)

  return (
    <form
      ref={form}
      className="elicitation"
      data-testid="elicitation"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!parsed.ok) return
        const checked = checkElicitation(fields, values)
        if (checked.ok) return answer({ action: 'accept', content: checked.content })
        setErrors(checked.errors)
        // Focus the first field to fix (the errors are tied to their fields for screen readers).
        const first = fields.find((f) => checked.errors[f.name])
        if (first) form.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(first.name)}"]`)?.focus()
      }}
    >
      <h3 id={headingId}>{t('elicitationTitle', { server: revealInvisible(request.from) })}</h3>
      <p className="elicitation-message">
        <ServerText text={request.message} />
      </p>
      {!parsed.ok && <p className="warning">{t('elicitationUnsupported')}</p>}
      {fields.map((field) => (
        <FieldInput
          key={field.name}
          field={field}
          idPrefix={id}
          value={values[field.name]}
          error={errors[field.name]}
          t={t}
          onChange={(value) => set(field.name, value)}
        />
      ))}
      <div className="row">
        {parsed.ok && (
          <button type="submit" className="primary">
            {t('elicitationSubmit')}
          </button>
        )}
        <button type="button" onClick={() => answer({ action: 'decline' })}>
          {t('elicitationDecline')}
        </button>
        <button type="button" onClick={() => answer({ action: 'cancel' })}>
          {t('cancel')}
        </button>
      </div>
    </form>
  )
}

function FieldInput({
  field,
  idPrefix,
  value,
  error,
  t,
  onChange,
}: {
  field: ElicitationField
  idPrefix: string
  value: string | boolean | string[] | undefined
  error: FieldError | undefined
  t: Translate
  onChange: (value: string | boolean | string[]) => void
}) {
  const inputId = `${idPrefix}-${field.name}`
  const describedBy =
    [field.description ? `${inputId}-help` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined
  const label = (
    <>
      <ServerText text={field.label} />
      {field.required && <span className="required"> ({t('formRequiredMark')})</span>}
    </>
  )
  const help = (
    <>
      {field.description && (
        <span id={`${inputId}-help`} className="muted field-help">
          <ServerText text={field.description} />
        </span>
      )}
      {error && (
        <span id={`${inputId}-error`} className="field-error">
          {fieldErrorText(t, error)}
        </span>
      )}
    </>
  )
  const common = {
    'data-field': field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  } as const

  switch (field.kind) {
    case 'boolean':
      return (
        <div className="field">
          <label>
            <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />{' '}
            {label}
          </label>
          {help}
        </div>
      )
    case 'multi': {
      const chosen = Array.isArray(value) ? value : []
      return (
        <fieldset className="field" {...(describedBy ? { 'aria-describedby': describedBy } : {})}>
          <legend>{label}</legend>
          {field.options.map((option, index) => (
            <label key={option.value} className="option">
              <input
                type="checkbox"
                {...(index === 0 ? { 'data-field': field.name } : {})}
                aria-invalid={error ? true : undefined}
                checked={chosen.includes(option.value)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value))
                }
              />{' '}
              {revealInvisible(option.label)}
            </label>
          ))}
          {help}
        </fieldset>
      )
    }
    case 'choice':
      return (
        <div className="field">
          <label htmlFor={inputId}>{label}</label>
          <select
            id={inputId}
            {...common}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value)}
          >
            <option value="">{t('formChoose')}</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {revealInvisible(option.label)}
              </option>
            ))}
          </select>
          {help}
        </div>
      )
    case 'number':
      return (
        <div className="field">
          <label htmlFor={inputId}>{label}</label>
          <input
            id={inputId}
            {...common}
            inputMode={field.integer ? 'numeric' : 'decimal'}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value)}
          />
          {help}
        </div>
      )
    case 'text':
      return (
        <div className="field">
          <label htmlFor={inputId}>{label}</label>
          <input
            id={inputId}
            {...common}
            type={field.format ? INPUT_TYPES[field.format] : 'text'}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value)}
          />
          {help}
        </div>
      )
  }
}
