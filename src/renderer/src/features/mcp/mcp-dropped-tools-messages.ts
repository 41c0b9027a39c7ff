import { defineMessages } from '../../i18n/define-messages'

/** Words for the tools a server listed that Keel left out (see shared/mcp-dropped-tools.ts). */
export const mcpDroppedToolsMessages = defineMessages(
  {
    'mcpDroppedTools.one': '{count} tool of this server was left out: Keel cannot call it as the server describes it.',
    'mcpDroppedTools.other':
      '{count} tools of this server were left out: Keel cannot call them as the server describes them.',
    mcpDroppedTool: '{tool}: {reason}',
    mcpHeaderNotOnProperty:
      'its x-mcp-header declaration (at {path}) is not on a plain property of its arguments, so no header can be sent for it.',
    mcpHeaderNoName: 'its x-mcp-header declaration (at {path}) gives no header name.',
    mcpHeaderNotAName:
      'its x-mcp-header declaration (at {path}) asks for “{header}”, which is not a valid header name.',
    mcpHeaderNotMirrorable:
      'its x-mcp-header declaration (at {path}) is on an argument that is not text, a whole number or true/false.',
    mcpHeaderRepeated: 'it declares the header “{header}” twice (also as “{first}”).',
  },
  {
    'mcpDroppedTools.one':
      '{count} ferramenta deste servidor ficou de fora: o Keel não consegue chamá-la como o servidor a descreve.',
    'mcpDroppedTools.other':
      '{count} ferramentas deste servidor ficaram de fora: o Keel não consegue chamá-las como o servidor as descreve.',
    mcpDroppedTool: '{tool}: {reason}',
    mcpHeaderNotOnProperty:
      'a declaração x-mcp-header (em {path}) não está numa propriedade simples dos argumentos, então nenhum cabeçalho pode ser enviado para ela.',
    mcpHeaderNoName: 'a declaração x-mcp-header (em {path}) não dá nome de cabeçalho.',
    mcpHeaderNotAName: 'a declaração x-mcp-header (em {path}) pede “{header}”, que não é um nome de cabeçalho válido.',
    mcpHeaderNotMirrorable:
      'a declaração x-mcp-header (em {path}) está num argumento que não é texto, número inteiro nem verdadeiro/falso.',
    mcpHeaderRepeated: 'declara o cabeçalho “{header}” duas vezes (também como “{first}”).',
  },
  {
    'mcpDroppedTools.one':
      '{count} herramienta de este servidor quedó fuera: Keel no puede llamarla tal como el servidor la describe.',
    'mcpDroppedTools.other':
      '{count} herramientas de este servidor quedaron fuera: Keel no puede llamarlas tal como el servidor las describe.',
    mcpDroppedTool: '{tool}: {reason}',
    mcpHeaderNotOnProperty:
      'su declaración x-mcp-header (en {path}) no está en una propiedad simple de sus argumentos, así que no se puede enviar ninguna cabecera para ella.',
    mcpHeaderNoName: 'su declaración x-mcp-header (en {path}) no da nombre de cabecera.',
    mcpHeaderNotAName:
      'su declaración x-mcp-header (en {path}) pide «{header}», que no es un nombre de cabecera válido.',
    mcpHeaderNotMirrorable:
      'su declaración x-mcp-header (en {path}) está en un argumento que no es texto, número entero ni verdadero/falso.',
    mcpHeaderRepeated: 'declara la cabecera «{header}» dos veces (también como «{first}»).',
  },
)
