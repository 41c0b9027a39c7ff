// Answers rendered from Markdown (code, math, diagrams), in the window's language.
export { Markdown, safeHref } from './markdown'
export { ReadingTranslate } from './reading-context'
