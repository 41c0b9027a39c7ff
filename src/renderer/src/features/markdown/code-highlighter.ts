// Loaded on demand (see code-highlight.ts): highlight.js's common grammars stay out of the first load.
import rehypeHighlight from 'rehype-highlight'

/**
 * rehype-highlight's transformer with the common grammars, built once (building it registers every
 * grammar: ~15 ms). It keeps no per-document state, so every parse shares it. Math and diagrams are
 * not code to colour.
 */
export const highlightTree = rehypeHighlight({ plainText: ['math', 'mermaid'] })
