import { defineMessages } from '../define-messages'

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
  },
)
