// Find in this conversation (Ctrl/⌘+F).
export { FindBar } from './find-bar'
