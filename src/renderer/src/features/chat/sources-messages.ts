import { defineMessages } from '../../i18n/define-messages'

/** The window's words for what the provider's own tools did for an answer, and the sources it cites. */
export const sourcesMessages = defineMessages(
  {
    'sources.searched': 'Searched: {queries}',
    'sources.read': 'Read: {url}',
    'sources.used': 'Used {tool}',
    'sources.running': 'running',
    'sources.done': 'done',
    'sources.failed': 'failed',
    'sources.failedCode': 'failed ({code})',
    'sources.title': 'Sources',
    'sources.suggestions': 'Google Search suggestions',
  },
  {
    'sources.searched': 'Pesquisou: {queries}',
    'sources.read': 'Leu: {url}',
    'sources.used': 'Usou {tool}',
    'sources.running': 'em andamento',
    'sources.done': 'concluído',
    'sources.failed': 'falhou',
    'sources.failedCode': 'falhou ({code})',
    'sources.title': 'Fontes',
    'sources.suggestions': 'Sugestões da Pesquisa Google',
  },
  {
    'sources.searched': 'Buscó: {queries}',
    'sources.read': 'Leyó: {url}',
    'sources.used': 'Usó {tool}',
    'sources.running': 'en curso',
    'sources.done': 'hecho',
    'sources.failed': 'falló',
    'sources.failedCode': 'falló ({code})',
    'sources.title': 'Fuentes',
    'sources.suggestions': 'Sugerencias de la Búsqueda de Google',
  },
)
