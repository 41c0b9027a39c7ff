import type { Locale } from './locale'

/**
 * Messages the app writes itself, in advance, when the model can't: never the provider's raw
 * error text (that goes to diagnostics). `{actions}` / `{seconds}` / `{max}` / `{count}` are filled in.
 */
export type FallbackMessageId =
  | 'no-answer'
  | 'truncated'
  | 'truncated-actions-not-run'
  | 'invalid-arguments-twice'
  | 'tool-failed-no-answer'
  | 'max-rounds'
  | 'quota-exceeded'
  | 'authentication'
  | 'not-executed-unconfirmed'
  | 'retrying'
  | 'stopped'
  | 'too-many-tool-calls'
  | 'storage-full'
  | 'storage-failed'
  | 'turn-timeout'
  | 'images-not-supported'

const MESSAGES: Record<Locale, Record<FallbackMessageId, string>> = {
  en: {
    'no-answer': "I couldn't get an answer. Try again.",
    truncated: 'The answer was cut off.',
    'truncated-actions-not-run': 'The answer was cut off; the action {actions} was not run.',
    'invalid-arguments-twice': "I couldn't prepare that action correctly, so I didn't run it. Try rephrasing.",
    'tool-failed-no-answer': "The action failed and I couldn't get an explanation. Try again.",
    'max-rounds': 'I stopped after {max} rounds of actions without a final answer. Try a simpler request.',
    'quota-exceeded': "The provider says this account is out of quota or credit. Check your plan, or switch providers in Settings.",
    authentication: 'The provider rejected the API key. Check it in Settings.',
    'not-executed-unconfirmed': "The provider didn't confirm the answer was finished, so the action {actions} was not run.",
    retrying: 'Retrying in {seconds} s…',
    stopped: 'Stopped.',
    'too-many-tool-calls': 'The model asked for {count} actions in one answer; Keel runs at most {max} at a time, so none was run. Try a narrower request.',
    'storage-full': 'Your disk is full, so Keel could not save all of this answer. Free some space; what was saved is kept.',
    'storage-failed': 'Keel could not save this answer (a disk error). What was saved is kept; try again.',
    'turn-timeout': 'Keel stopped this answer: it took longer than the {seconds} s an answer may take (see Settings). Try again, or ask for less at once.',
    'images-not-supported': 'This model does not accept images. Choose a model that can see images, or send the message without them.',
  },
  'pt-BR': {
    'no-answer': 'Não consegui obter uma resposta. Tente novamente.',
    truncated: 'A resposta foi interrompida.',
    'truncated-actions-not-run': 'A resposta foi interrompida; a ação {actions} não foi executada.',
    'invalid-arguments-twice': 'Não consegui preparar essa ação corretamente, então não a executei. Tente reformular.',
    'tool-failed-no-answer': 'A ação falhou e não consegui obter uma explicação. Tente novamente.',
    'max-rounds': 'Parei depois de {max} rodadas de ações sem uma resposta final. Tente um pedido mais simples.',
    'quota-exceeded': 'O provedor diz que esta conta está sem cota ou crédito. Verifique seu plano ou troque de provedor nas Configurações.',
    authentication: 'O provedor recusou a chave de API. Verifique-a nas Configurações.',
    'not-executed-unconfirmed': 'O provedor não confirmou que a resposta terminou, então a ação {actions} não foi executada.',
    retrying: 'Tentando novamente em {seconds} s…',
    stopped: 'Interrompido.',
    'too-many-tool-calls': 'O modelo pediu {count} ações em uma só resposta; o Keel executa no máximo {max} por vez, então nenhuma foi executada. Tente um pedido mais específico.',
    'storage-full': 'Seu disco está cheio, então o Keel não conseguiu salvar toda esta resposta. Libere espaço; o que foi salvo continua guardado.',
    'storage-failed': 'O Keel não conseguiu salvar esta resposta (erro de disco). O que foi salvo continua guardado; tente novamente.',
    'turn-timeout': 'O Keel interrompeu esta resposta: ela levou mais que os {seconds} s que uma resposta pode levar (veja as Configurações). Tente novamente ou peça menos de uma vez.',
    'images-not-supported': 'Este modelo não aceita imagens. Escolha um modelo que consiga ver imagens ou envie a mensagem sem elas.',
  },
  es: {
    'no-answer': 'No pude obtener una respuesta. Inténtalo de nuevo.',
    truncated: 'La respuesta se cortó.',
    'truncated-actions-not-run': 'La respuesta se cortó; la acción {actions} no se ejecutó.',
    'invalid-arguments-twice': 'No pude preparar esa acción correctamente, así que no la ejecuté. Prueba a reformularlo.',
    'tool-failed-no-answer': 'La acción falló y no pude obtener una explicación. Inténtalo de nuevo.',
    'max-rounds': 'Me detuve tras {max} rondas de acciones sin una respuesta final. Prueba con una petición más sencilla.',
    'quota-exceeded': 'El proveedor dice que esta cuenta no tiene cuota ni crédito. Revisa tu plan o cambia de proveedor en Ajustes.',
    authentication: 'El proveedor rechazó la clave de API. Revísala en Ajustes.',
    'not-executed-unconfirmed': 'El proveedor no confirmó que la respuesta hubiera terminado, así que la acción {actions} no se ejecutó.',
    retrying: 'Reintentando en {seconds} s…',
    stopped: 'Detenido.',
    'too-many-tool-calls': 'El modelo pidió {count} acciones en una sola respuesta; Keel ejecuta como máximo {max} a la vez, así que no se ejecutó ninguna. Prueba con una petición más concreta.',
    'storage-full': 'Tu disco está lleno, así que Keel no pudo guardar toda esta respuesta. Libera espacio; lo que se guardó se conserva.',
    'storage-failed': 'Keel no pudo guardar esta respuesta (un error de disco). Lo que se guardó se conserva; inténtalo de nuevo.',
    'turn-timeout': 'Keel detuvo esta respuesta: tardó más de los {seconds} s que puede tardar una respuesta (ver Ajustes). Inténtalo de nuevo o pide menos a la vez.',
    'images-not-supported': 'Este modelo no acepta imágenes. Elige un modelo que pueda ver imágenes o envía el mensaje sin ellas.',
  },
}

/** Plural forms of the messages that list actions (used when more than one action is named). */
const PLURALS: Record<Locale, Partial<Record<FallbackMessageId, string>>> = {
  en: {
    'truncated-actions-not-run': 'The answer was cut off; the actions {actions} were not run.',
    'not-executed-unconfirmed': "The provider didn't confirm the answer was finished, so the actions {actions} were not run.",
  },
  'pt-BR': {
    'truncated-actions-not-run': 'A resposta foi interrompida; as ações {actions} não foram executadas.',
    'not-executed-unconfirmed': 'O provedor não confirmou que a resposta terminou, então as ações {actions} não foram executadas.',
  },
  es: {
    'truncated-actions-not-run': 'La respuesta se cortó; las acciones {actions} no se ejecutaron.',
    'not-executed-unconfirmed': 'El proveedor no confirmó que la respuesta hubiera terminado, así que las acciones {actions} no se ejecutaron.',
  },
}

const LIST_JOIN: Record<Locale, string> = { en: ' and ', 'pt-BR': ' e ', es: ' y ' }

/**
 * How a message names a tool ("the action “Record measurement” was not run"): its title, in the
 * language when the tool has one (from the registry, or `tools.list` in the window); a tool nobody
 * titled is named by its name.
 */
export type ToolTitleOf = (tool: string, locale: Locale) => string | undefined

/** The {@link ToolTitleOf} of a list of tools (the registry's, or `tools.list` in the window). */
export function titlesOf(tools: readonly { name: string; title: string; titles?: Partial<Record<Locale, string>> | undefined }[]): ToolTitleOf {
  return (name, locale) => {
    const tool = tools.find((t) => t.name === name)
    return tool ? (tool.titles?.[locale] ?? tool.title) : undefined
  }
}

export function actionName(locale: Locale, tool: string, titleOf?: ToolTitleOf): string {
  return titleOf?.(tool, locale) ?? tool.replace(/_/g, ' ')
}

/** The values a message's placeholders take (tool names for `{actions}`, numbers for the others). */
export interface FallbackValues {
  actions?: string[]
  seconds?: number
  max?: number
  count?: number
}

/**
 * A message Keel showed, as data: what is stored with the answer and sent with the live event, so
 * the stored answer words it exactly like the live one (in the window's language of the moment).
 */
export interface NoticeRef {
  id: FallbackMessageId
  values?: FallbackValues
}

export function isFallbackMessageId(id: unknown): id is FallbackMessageId {
  return typeof id === 'string' && Object.hasOwn(MESSAGES.en, id)
}

export function fallbackMessage(locale: Locale, id: FallbackMessageId, values: FallbackValues = {}, titleOf?: ToolTitleOf): string {
  let text = MESSAGES[locale][id]
  if (values.actions) {
    const names = [...new Set(values.actions.map((tool) => actionName(locale, tool, titleOf)))]
    if (names.length > 1) text = PLURALS[locale][id] ?? text
    text = text.replace('{actions}', names.map((n) => `“${n}”`).join(LIST_JOIN[locale]))
  }
  if (values.seconds !== undefined) text = text.replace('{seconds}', String(values.seconds))
  if (values.max !== undefined) text = text.replace('{max}', String(values.max))
  if (values.count !== undefined) text = text.replace('{count}', String(values.count))
  return text
}

export function allFallbackMessageIds(): FallbackMessageId[] {
  return Object.keys(MESSAGES.en) as FallbackMessageId[]
}

export function fallbackCatalog(locale: Locale): Readonly<Record<FallbackMessageId, string>> {
  return MESSAGES[locale]
}
