import { useId, useState, useSyncExternalStore } from 'react'
import type { SettingsView } from '../../../../shared/ipc/app-contract'
import type { Translate } from '../../i18n/messages'
import { choiceValue, parseChoice, providerChoices, providerName, type ProviderChoice } from './model-choices'
import type { ConversationSettingsStore } from './conversation-settings-store'
import '../../styles/conversation-settings.css'

const OTHER = '\u0000other'

/**
 * The composer's "Model" picker: the configured providers and their models, plus free text for a
 * model a server does not list. The choice is the open conversation's (from its next answer), or
 * the new conversation's, sent with its first message.
 */
export function ModelPicker({
  store,
  settings,
  t,
}: {
  store: ConversationSettingsStore
  settings: SettingsView | undefined
  t: Translate
}) {
  const { view } = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const [other, setOther] = useState(false)
  const [typed, setTyped] = useState('')
  const [said, setSaid] = useState('')
  const id = useId()
  if (!view) return null
  // Nothing set up yet (first run): no model to offer. The built-in default ("OpenAI · gpt-5-mini")
  // looked ready although sending is refused until a provider is set up.
  if (settings?.firstRun)
    return (
      <div className="model-picker">
        <label htmlFor={id}>{t('convset.model')}</label>
        <select id={id} disabled value="">
          <option value="">{t('convset.noProviderYet')}</option>
        </select>
      </div>
    )
  const choices = providerChoices(settings)
  const current = view.effective
  const listed = choices.some((choice) => choice.id === current.provider && choice.models.includes(current.model))
  const choose = async (provider: string, model: string) => {
    if (await store.update({ provider, model })) setSaid(t('convset.modelSaved', { model }))
  }
  return (
    <div className="model-picker">
      <label htmlFor={id}>{t('convset.model')}</label>
      <select
        id={id}
        value={other ? OTHER : choiceValue(current.provider, current.model)}
        onChange={(event) => {
          if (event.target.value === OTHER) {
            setOther(true)
            setTyped('')
            return
          }
          setOther(false)
          const chosen = parseChoice(event.target.value)
          if (chosen) void choose(chosen.provider, chosen.model)
        }}
      >
        {!listed && current.model !== '' && (
          <option value={choiceValue(current.provider, current.model)}>
            {providerName(choices, current.provider)} · {current.model}
          </option>
        )}
        <ProviderModelOptions choices={choices} />
        <option value={OTHER}>{t('convset.otherModel')}</option>
      </select>
      {other && (
        <span className="model-picker-other">
          <label htmlFor={`${id}-name`} className="visually-hidden">
            {t('convset.modelName')}
          </label>
          <input
            id={`${id}-name`}
            value={typed}
            placeholder={t('convset.modelName')}
            maxLength={200}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                if (typed.trim()) void choose(current.provider, typed.trim()).then(() => setOther(false))
              }
            }}
          />
          <button
            type="button"
            disabled={typed.trim() === ''}
            onClick={() => void choose(current.provider, typed.trim()).then(() => setOther(false))}
          >
            {t('convset.useModel')}
          </button>
        </span>
      )}
      <span className="visually-hidden" role="status">
        {said}
      </span>
    </div>
  )
}

/** One group of options per provider, one option per model: the Model picker's list, and Settings' default model. */
export function ProviderModelOptions({ choices }: { choices: readonly ProviderChoice[] }) {
  return (
    <>
      {choices.map((choice) => (
        <optgroup key={choice.id} label={choice.name}>
          {choice.models.map((model) => (
            <option key={model} value={choiceValue(choice.id, model)}>
              {choice.name} · {model}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  )
}
