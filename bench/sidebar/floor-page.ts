// Floor page: a plain <ul> of titles (a button each, like a sidebar row), no framework. First paint:
// the first page from the same fake core. Scroll: every row the app has loaded by then is in this
// list (fetched before the scroll starts, untimed), scrolled the same way. Rename / delete: the same
// command to the fake core, then the one <li> changed.
import type { ConversationSummary } from '../../src/shared/conversation'
import { installPage } from './page-common'
import { fakeStore, SCROLL_ROWS } from './workload'

const { api } = fakeStore()
const box = document.getElementById('list')!
const ul = document.createElement('ul')
let loaded: ConversationSummary[] = []

const append = (page: ConversationSummary[]) => {
  const fragment = document.createDocumentFragment()
  for (const c of page) {
    const li = document.createElement('li')
    const button = document.createElement('button')
    button.type = 'button'
    button.id = `conversation-title-${c.id}`
    button.textContent = c.title
    li.append(button)
    fragment.append(li)
  }
  ul.append(fragment)
  loaded = loaded.concat(page)
}

installPage({
  mount: () => {
    box.append(ul)
    void api['conversations.list']({}).then(async (first) => {
      if (!first.ok) throw new Error('list failed')
      append(first.value)
      // The rows the app will have loaded while scrolling (untimed: before the scroll starts).
      while (loaded.length < SCROLL_ROWS + 200) {
        const last = loaded.at(-1)!
        const page = await api['conversations.list']({ before: { updatedAt: last.updatedAt, id: last.id } })
        if (!page.ok || page.value.length === 0) break
        append(page.value)
      }
    })
  },
  scroller: () => box,
  domRows: () => ul.childElementCount,
  loadedRows: () => loaded.length,
  rename: (id, title) => {
    void api['conversations.rename']({ conversationId: id, title }).then((result) => {
      if (result.ok) document.getElementById(`conversation-title-${id}`)!.textContent = result.value.title
    })
  },
  remove: (id) => {
    void api['conversations.delete']({ conversationId: id }).then((result) => {
      if (result.ok) document.getElementById(`conversation-title-${id}`)!.closest('li')!.remove()
    })
  },
})
