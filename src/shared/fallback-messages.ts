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
  // Provider failures, one per cause (see error-notice.ts for which error gets which, and its action).
  | 'unreachable'
  | 'unreachable-address'
  | 'connection-lost'
  | 'key-missing'
  | 'key-rejected'
  | 'model-not-found'
  | 'endpoint-not-found'
  | 'rate-limited'
  | 'rate-limited-wait'
  | 'context-too-long'
  | 'content-filtered'
  | 'server-error'
  | 'overloaded'
  | 'provider-timeout'
  | 'bad-request'
  | 'length-limit'
  | 'images-not-supported'
  // Tools a provider could not be sent (the request would have been refused as a whole).
  | 'tools-over-limit'
  | 'tools-not-accepted'

const MESSAGES: Record<Locale, Record<FallbackMessageId, string>> = {
  en: {
    'no-answer': "I couldn't get an answer. Try again.",
    truncated: 'The answer was cut off.',
    'truncated-actions-not-run': 'The answer was cut off; the action {actions} was not run.',
    'invalid-arguments-twice': "I couldn't prepare that action correctly, so I didn't run it. Try rephrasing.",
    'tool-failed-no-answer': "The action failed and I couldn't get an explanation. Try again.",
    'max-rounds': 'I stopped after {max} rounds of actions without a final answer. Try a simpler request.',
    'quota-exceeded':
      'The provider says this account is out of quota or credit. Check your plan, or switch providers in Settings.',
    authentication: 'The provider rejected the API key. Check it in Settings.',
    'not-executed-unconfirmed':
      "The provider didn't confirm the answer was finished, so the action {actions} was not run.",
    retrying: 'Retrying in {seconds} s…',
    stopped: 'Stopped.',
    'too-many-tool-calls':
      'The model asked for {count} actions in one answer; Keel runs at most {max} at a time, so none was run. Try a narrower request.',
    'storage-full':
      'Your disk is full, so Keel could not save all of this answer. Free some space; what was saved is kept.',
    'storage-failed': 'Keel could not save this answer (a disk error). What was saved is kept; try again.',
    'turn-timeout':
      'Keel stopped this answer: it took longer than the {seconds} s an answer may take (see Settings). Try again, or ask for less at once.',
    unreachable: "Keel couldn't connect to {provider}. Is {provider} running at {host}?",
    'unreachable-address':
      "Keel couldn't connect to the server at {host}. Is it running, and is the address in Settings right?",
    'connection-lost': 'The connection to {provider} was lost before an answer arrived. Try again.',
    'key-missing': '{provider} needs an API key, and none is set. Add it in Settings.',
    'key-rejected': '{provider} rejected the API key. Check the key in Settings.',
    'model-not-found':
      '{provider} doesn’t have the model “{model}”. Choose another model in Settings, or install it on the server.',
    'endpoint-not-found': '{provider} answered “not found” at {host}. Check the server address in Settings.',
    'rate-limited': '{provider} is limiting how many requests can be sent. Wait a moment, then try again.',
    'rate-limited-wait': '{provider} is limiting how many requests can be sent. Wait {seconds} s, then try again.',
    'context-too-long':
      'This conversation is longer than the model can read at once. Start a new conversation, or choose a model with a larger context window in Settings.',
    'content-filtered': '{provider}’s content filter blocked this request or its answer. Try rephrasing.',
    'server-error': '{provider} had a problem on its side. Try again in a moment.',
    overloaded: '{provider} is overloaded right now. Try again in a moment.',
    'provider-timeout': '{provider} took too long to answer. Try again.',
    'bad-request': '{provider} rejected the request.',
    'length-limit': 'The answer reached the length limit.',
    'images-not-supported':
      'This model does not accept images. Choose a model that can see images, or send the message without them.',
    'tools-over-limit':
      '{provider} takes at most {max} tools in one request, so Keel left out the tool {actions} this time. Turn off tools you don’t need in Settings to choose which are sent.',
    'tools-not-accepted':
      '{provider} cannot take the tool {actions} (its name or input schema is outside what {provider} accepts), so Keel left it out.',
  },
  'pt-BR': {
    'no-answer': 'Não consegui obter uma resposta. Tente novamente.',
    truncated: 'A resposta foi interrompida.',
    'truncated-actions-not-run': 'A resposta foi interrompida; a ação {actions} não foi executada.',
    'invalid-arguments-twice': 'Não consegui preparar essa ação corretamente, então não a executei. Tente reformular.',
    'tool-failed-no-answer': 'A ação falhou e não consegui obter uma explicação. Tente novamente.',
    'max-rounds': 'Parei depois de {max} rodadas de ações sem uma resposta final. Tente um pedido mais simples.',
    'quota-exceeded':
      'O provedor diz que esta conta está sem cota ou crédito. Verifique seu plano ou troque de provedor nas Configurações.',
    authentication: 'O provedor recusou a chave de API. Verifique-a nas Configurações.',
    'not-executed-unconfirmed':
      'O provedor não confirmou que a resposta terminou, então a ação {actions} não foi executada.',
    retrying: 'Tentando novamente em {seconds} s…',
    stopped: 'Interrompido.',
    'too-many-tool-calls':
      'O modelo pediu {count} ações em uma só resposta; o Keel executa no máximo {max} por vez, então nenhuma foi executada. Tente um pedido mais específico.',
    'storage-full':
      'Seu disco está cheio, então o Keel não conseguiu salvar toda esta resposta. Libere espaço; o que foi salvo continua guardado.',
    'storage-failed':
      'O Keel não conseguiu salvar esta resposta (erro de disco). O que foi salvo continua guardado; tente novamente.',
    'turn-timeout':
      'O Keel interrompeu esta resposta: ela levou mais que os {seconds} s que uma resposta pode levar (veja as Configurações). Tente novamente ou peça menos de uma vez.',
    unreachable: 'O Keel não conseguiu se conectar a {provider}. {provider} está rodando em {host}?',
    'unreachable-address':
      'O Keel não conseguiu se conectar ao servidor em {host}. Ele está rodando, e o endereço nas Configurações está certo?',
    'connection-lost': 'A conexão com {provider} caiu antes de chegar uma resposta. Tente novamente.',
    'key-missing': '{provider} precisa de uma chave de API, e nenhuma foi definida. Adicione-a nas Configurações.',
    'key-rejected': '{provider} recusou a chave de API. Verifique a chave nas Configurações.',
    'model-not-found':
      '{provider} não tem o modelo “{model}”. Escolha outro modelo nas Configurações ou instale-o no servidor.',
    'endpoint-not-found':
      '{provider} respondeu “não encontrado” em {host}. Verifique o endereço do servidor nas Configurações.',
    'rate-limited':
      '{provider} está limitando quantas solicitações podem ser enviadas. Aguarde um momento e tente novamente.',
    'rate-limited-wait':
      '{provider} está limitando quantas solicitações podem ser enviadas. Aguarde {seconds} s e tente novamente.',
    'context-too-long':
      'Esta conversa é mais longa do que o modelo consegue ler de uma vez. Comece uma nova conversa ou escolha nas Configurações um modelo com uma janela de contexto maior.',
    'content-filtered': 'O filtro de conteúdo de {provider} bloqueou este pedido ou a resposta. Tente reformular.',
    'server-error': '{provider} teve um problema do lado dele. Tente novamente em instantes.',
    overloaded: '{provider} está sobrecarregado agora. Tente novamente em instantes.',
    'provider-timeout': '{provider} demorou demais para responder. Tente novamente.',
    'bad-request': '{provider} recusou o pedido.',
    'length-limit': 'A resposta atingiu o limite de tamanho.',
    'images-not-supported':
      'Este modelo não aceita imagens. Escolha um modelo que consiga ver imagens ou envie a mensagem sem elas.',
    'tools-over-limit':
      '{provider} aceita no máximo {max} ferramentas por pedido, então o Keel deixou de fora a ferramenta {actions} desta vez. Desative nas Configurações as ferramentas de que não precisa para escolher quais são enviadas.',
    'tools-not-accepted':
      '{provider} não aceita a ferramenta {actions} (o nome ou o esquema de entrada dela está fora do que {provider} aceita), então o Keel a deixou de fora.',
  },
  es: {
    'no-answer': 'No pude obtener una respuesta. Inténtalo de nuevo.',
    truncated: 'La respuesta se cortó.',
    'truncated-actions-not-run': 'La respuesta se cortó; la acción {actions} no se ejecutó.',
    'invalid-arguments-twice':
      'No pude preparar esa acción correctamente, así que no la ejecuté. Prueba a reformularlo.',
    'tool-failed-no-answer': 'La acción falló y no pude obtener una explicación. Inténtalo de nuevo.',
    'max-rounds':
      'Me detuve tras {max} rondas de acciones sin una respuesta final. Prueba con una petición más sencilla.',
    'quota-exceeded':
      'El proveedor dice que esta cuenta no tiene cuota ni crédito. Revisa tu plan o cambia de proveedor en Ajustes.',
    authentication: 'El proveedor rechazó la clave de API. Revísala en Ajustes.',
    'not-executed-unconfirmed':
      'El proveedor no confirmó que la respuesta hubiera terminado, así que la acción {actions} no se ejecutó.',
    retrying: 'Reintentando en {seconds} s…',
    stopped: 'Detenido.',
    'too-many-tool-calls':
      'El modelo pidió {count} acciones en una sola respuesta; Keel ejecuta como máximo {max} a la vez, así que no se ejecutó ninguna. Prueba con una petición más concreta.',
    'storage-full':
      'Tu disco está lleno, así que Keel no pudo guardar toda esta respuesta. Libera espacio; lo que se guardó se conserva.',
    'storage-failed':
      'Keel no pudo guardar esta respuesta (un error de disco). Lo que se guardó se conserva; inténtalo de nuevo.',
    'turn-timeout':
      'Keel detuvo esta respuesta: tardó más de los {seconds} s que puede tardar una respuesta (ver Ajustes). Inténtalo de nuevo o pide menos a la vez.',
    unreachable: 'Keel no pudo conectarse con {provider}. ¿Está {provider} en marcha en {host}?',
    'unreachable-address':
      'Keel no pudo conectarse con el servidor en {host}. ¿Está en marcha y es correcta la dirección en Ajustes?',
    'connection-lost': 'Se perdió la conexión con {provider} antes de que llegara una respuesta. Inténtalo de nuevo.',
    'key-missing': '{provider} necesita una clave de API y no hay ninguna. Añádela en Ajustes.',
    'key-rejected': '{provider} rechazó la clave de API. Revisa la clave en Ajustes.',
    'model-not-found':
      '{provider} no tiene el modelo “{model}”. Elige otro modelo en Ajustes o instálalo en el servidor.',
    'endpoint-not-found':
      '{provider} respondió «no encontrado» en {host}. Revisa la dirección del servidor en Ajustes.',
    'rate-limited':
      '{provider} está limitando cuántas solicitudes se pueden enviar. Espera un momento y vuelve a intentarlo.',
    'rate-limited-wait':
      '{provider} está limitando cuántas solicitudes se pueden enviar. Espera {seconds} s y vuelve a intentarlo.',
    'context-too-long':
      'Esta conversación es más larga de lo que el modelo puede leer de una vez. Empieza una conversación nueva o elige en Ajustes un modelo con una ventana de contexto mayor.',
    'content-filtered':
      'El filtro de contenido de {provider} bloqueó esta petición o su respuesta. Prueba a reformularla.',
    'server-error': '{provider} tuvo un problema de su lado. Inténtalo de nuevo en un momento.',
    overloaded: '{provider} está sobrecargado ahora mismo. Inténtalo de nuevo en un momento.',
    'provider-timeout': '{provider} tardó demasiado en responder. Inténtalo de nuevo.',
    'bad-request': '{provider} rechazó la petición.',
    'length-limit': 'La respuesta alcanzó el límite de longitud.',
    'images-not-supported':
      'Este modelo no acepta imágenes. Elige un modelo que pueda ver imágenes o envía el mensaje sin ellas.',
    'tools-over-limit':
      '{provider} acepta como máximo {max} herramientas por petición, así que Keel dejó fuera la herramienta {actions} esta vez. Desactiva en Ajustes las herramientas que no necesites para elegir cuáles se envían.',
    'tools-not-accepted':
      '{provider} no acepta la herramienta {actions} (su nombre o su esquema de entrada no cumple lo que {provider} admite), así que Keel la dejó fuera.',
  },
}

/** Plural forms of the messages that list actions (used when more than one action is named). */
const PLURALS: Record<Locale, Partial<Record<FallbackMessageId, string>>> = {
  en: {
    'truncated-actions-not-run': 'The answer was cut off; the actions {actions} were not run.',
    'not-executed-unconfirmed':
      "The provider didn't confirm the answer was finished, so the actions {actions} were not run.",
    'tools-over-limit':
      '{provider} takes at most {max} tools in one request, so Keel left out {count} tools this time: {actions}. Turn off tools you don’t need in Settings to choose which are sent.',
    'tools-not-accepted':
      '{provider} cannot take the tools {actions} (their names or input schemas are outside what {provider} accepts), so Keel left them out.',
  },
  'pt-BR': {
    'truncated-actions-not-run': 'A resposta foi interrompida; as ações {actions} não foram executadas.',
    'not-executed-unconfirmed':
      'O provedor não confirmou que a resposta terminou, então as ações {actions} não foram executadas.',
    'tools-over-limit':
      '{provider} aceita no máximo {max} ferramentas por pedido, então o Keel deixou de fora {count} ferramentas desta vez: {actions}. Desative nas Configurações as ferramentas de que não precisa para escolher quais são enviadas.',
    'tools-not-accepted':
      '{provider} não aceita as ferramentas {actions} (os nomes ou os esquemas de entrada delas estão fora do que {provider} aceita), então o Keel as deixou de fora.',
  },
  es: {
    'truncated-actions-not-run': 'La respuesta se cortó; las acciones {actions} no se ejecutaron.',
    'not-executed-unconfirmed':
      'El proveedor no confirmó que la respuesta hubiera terminado, así que las acciones {actions} no se ejecutaron.',
    'tools-over-limit':
      '{provider} acepta como máximo {max} herramientas por petición, así que Keel dejó fuera {count} herramientas esta vez: {actions}. Desactiva en Ajustes las herramientas que no necesites para elegir cuáles se envían.',
    'tools-not-accepted':
      '{provider} no acepta las herramientas {actions} (sus nombres o esquemas de entrada no cumplen lo que {provider} admite), así que Keel las dejó fuera.',
  },
}

const LIST_JOIN: Record<Locale, string> = { en: ' and ', 'pt-BR': ' e ', es: ' y ' }

/** The provider's own sentence, after Keel's ("Ollama says: “model … not found, try pulling it first”"). */
const DETAIL: Record<Locale, string> = {
  en: ' {provider} says: “{detail}”',
  'pt-BR': ' Resposta de {provider}: “{detail}”',
  es: ' Respuesta de {provider}: “{detail}”',
}

/** Longest provider sentence quoted in a message (the whole one stays in the diagnostics). */
export const MAX_DETAIL_CHARS = 300

/**
 * How a message names a tool ("the action “Record measurement” was not run"): its title, in the
 * language when the tool has one (from the registry, or `tools.list` in the window); a tool nobody
 * titled is named by its name.
 */
export type ToolTitleOf = (tool: string, locale: Locale) => string | undefined

/** The {@link ToolTitleOf} of a list of tools (the registry's, or `tools.list` in the window). */
export function titlesOf(
  tools: readonly { name: string; title: string; titles?: Partial<Record<Locale, string>> | undefined }[],
): ToolTitleOf {
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
  /** The provider's human name ("Ollama"), or its address when nothing names it. */
  provider?: string
  /** `host:port` the request went to. */
  host?: string
  model?: string
  /** The provider's own sentence (one line, at most {@link MAX_DETAIL_CHARS}), quoted after Keel's. */
  detail?: string
  /** The profile whose settings fix it: the action opens `provider-settings-<providerId>`. */
  providerId?: string
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

export function fallbackMessage(
  locale: Locale,
  id: FallbackMessageId,
  values: FallbackValues = {},
  titleOf?: ToolTitleOf,
): string {
  let text = MESSAGES[locale][id]
  const names = values.actions
    ? [...new Set(values.actions.map((tool) => actionName(locale, tool, titleOf)))]
    : undefined
  if (names && names.length > 1) text = PLURALS[locale][id] ?? text
  if (values.seconds !== undefined) text = text.replace('{seconds}', String(values.seconds))
  if (values.max !== undefined) text = text.replace('{max}', String(values.max))
  if (values.count !== undefined) text = text.replace('{count}', String(values.count))
  if (values.detail) text += DETAIL[locale]
  // The provider's words go in last, so a brace in them is never taken for a placeholder.
  const fill: [string, string | undefined][] = [
    ['{provider}', values.provider],
    ['{host}', values.host],
    ['{model}', values.model],
  ]
  for (const [slot, value] of fill) if (value !== undefined) text = text.split(slot).join(value)
  // Tool titles may come from a server: after the placeholders, so a brace in one stays as written.
  if (names) text = text.replace('{actions}', () => names.map((n) => `“${n}”`).join(LIST_JOIN[locale]))
  // A function replacer: `$&` or `$'` in the provider's words stay as written.
  if (values.detail) text = text.replace('{detail}', () => values.detail!)
  return text
}

export function allFallbackMessageIds(): FallbackMessageId[] {
  return Object.keys(MESSAGES.en) as FallbackMessageId[]
}

export function fallbackCatalog(locale: Locale): Readonly<Record<FallbackMessageId, string>> {
  return MESSAGES[locale]
}
