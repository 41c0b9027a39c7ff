import { defineMessages } from '../../i18n/define-messages'

/** The window's words for this feature (see define-messages.ts). */
export const readingMessages = defineMessages(
  {
    'reading.jumpToLatest': 'Jump to latest',
    'reading.copyCode': 'Copy code',
    'reading.copied': 'Copied',
    'reading.copyFailed': 'Could not copy',
    'reading.code': 'Code',
    'reading.diagram': 'Diagram',
    'reading.diagramSource': 'Diagram source',
    'reading.drawingDiagram': 'Drawing the diagram…',
    'reading.diagramFailed': 'This diagram could not be drawn: {reason}',
    'reading.cutBlock':
      'Too long to show whole: the first {shown} of {total} characters, as plain text. Copy takes all of it.',
    'reading.text': 'Text',
    'reading.diagramTooLarge': 'it is too large ({count} characters; at most {max})',
  },
  {
    'reading.jumpToLatest': 'Ir para o fim',
    'reading.copyCode': 'Copiar código',
    'reading.copied': 'Copiado',
    'reading.copyFailed': 'Não foi possível copiar',
    'reading.code': 'Código',
    'reading.diagram': 'Diagrama',
    'reading.diagramSource': 'Código do diagrama',
    'reading.drawingDiagram': 'Desenhando o diagrama…',
    'reading.diagramFailed': 'Não foi possível desenhar este diagrama: {reason}',
    'reading.cutBlock':
      'Longo demais para mostrar inteiro: os primeiros {shown} de {total} caracteres, como texto simples. Copiar leva tudo.',
    'reading.text': 'Texto',
    'reading.diagramTooLarge': 'é grande demais ({count} caracteres; no máximo {max})',
  },
  {
    'reading.jumpToLatest': 'Ir a lo último',
    'reading.copyCode': 'Copiar código',
    'reading.copied': 'Copiado',
    'reading.copyFailed': 'No se pudo copiar',
    'reading.code': 'Código',
    'reading.diagram': 'Diagrama',
    'reading.diagramSource': 'Código del diagrama',
    'reading.drawingDiagram': 'Dibujando el diagrama…',
    'reading.diagramFailed': 'No se pudo dibujar este diagrama: {reason}',
    'reading.cutBlock':
      'Demasiado largo para mostrarlo entero: los primeros {shown} de {total} caracteres, como texto simple. Copiar lo lleva todo.',
    'reading.text': 'Texto',
    'reading.diagramTooLarge': 'es demasiado grande ({count} caracteres; como máximo {max})',
  },
)
