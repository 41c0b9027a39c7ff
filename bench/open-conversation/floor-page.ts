// Floor page: the same view JSON, after the same macrotask hop and parse, shown as plain text —
// one <article><pre> per message, every message in the DOM, no Markdown, no virtualizing — in a
// scroll container of the app's size, scrolled to its end.
import { installPage } from './page-common'
import { conversationView, MESSAGES, plainTextOf } from './workload'
import type { ConversationView } from '../../src/shared/ipc/app-contract'

const json = JSON.stringify(conversationView())
const style = document.createElement('style')
style.textContent = `
  html, body { margin: 0; height: 100%; font: 15px/1.5 system-ui, sans-serif; }
  body { display: flex; }
  aside { width: 280px; flex: none; }
  main { flex: 1; display: flex; flex-direction: column; min-width: 0; }
  header { height: 48px; flex: none; }
  #scroller { flex: 1; overflow-y: auto; padding: 16px; }
  footer { height: 120px; flex: none; }
  article { max-width: 820px; padding: 10px 14px; margin-bottom: 12px; }
  article pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; margin: 0; }
`
document.head.append(style)
document.body.innerHTML = '<aside></aside><main><header></header><div id="scroller"></div><footer></footer></main>'
const scroller = document.getElementById('scroller')!

installPage({
  prepare: async () => {},
  open: (parsed) => {
    setTimeout(() => {
      const view = JSON.parse(json) as ConversationView
      parsed()
      const fragment = document.createDocumentFragment()
      for (const message of view.messages) {
        const article = document.createElement('article')
        article.dataset.messageId = message.id
        const pre = document.createElement('pre')
        pre.textContent = plainTextOf(message)
        article.append(pre)
        fragment.append(article)
      }
      scroller.append(fragment)
      scroller.scrollTop = scroller.scrollHeight
    }, 0)
  },
  scroller: () => scroller,
  first: () => scroller.querySelector<HTMLElement>('[data-message-id="m-1"]'),
  last: () => scroller.querySelector<HTMLElement>(`[data-message-id="m-${MESSAGES}"]`),
  mounted: () => scroller.childElementCount,
})
