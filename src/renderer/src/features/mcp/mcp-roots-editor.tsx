import { useId, useState } from 'react'
import type { AppResult } from '../../../../shared/ipc/app-error'
import type { McpServerView } from '../../../../shared/mcp'
import { mcpRootKey, mcpRootProblem } from '../../../../shared/mcp-roots'
import { revealInvisible } from '../../../../shared/invisible-characters'
import type { Translate } from '../../i18n/messages'
import { appErrorText } from '../../lib/app-error-text'
import type { McpClient } from './mcp-client'

/** The desktop app has a folder picker (through its shell); browser mode types the path. */
function desktopApp(): boolean {
  return Boolean((globalThis as { keel?: unknown }).keel)
}

/**
 * A server's roots: the folders it may work in (none by default). Typed paths are checked here with
 * the core's rules (absolute, no duplicate); the core also checks the folder exists before saving.
 */
export function McpRootsEditor({
  view,
  api,
  t,
  onView,
}: {
  view: McpServerView
  api: Pick<McpClient, 'mcp.update' | 'mcp.pickFolder'>
  t: Translate
  onView: (view: McpServerView) => void
}) {
  const { config } = view
  const roots = config.roots ?? []
  const [path, setPath] = useState('')
  const [problem, setProblem] = useState('')
  const id = useId()

  const save = async (next: string[]): Promise<boolean> => {
    const answer: AppResult<McpServerView> = await api['mcp.update']({ serverId: config.id, roots: next })
    if (!answer.ok) {
      setProblem(appErrorText(t, answer.error))
      return false
    }
    setProblem('')
    onView(answer.value)
    return true
  }
  const add = async (folder: string) => {
    const wrong = mcpRootProblem(folder)
    if (wrong) return setProblem(t(`mcpRootProblem.${wrong}`))
    if (roots.some((root) => mcpRootKey(root) === mcpRootKey(folder))) return setProblem(t('mcpRootDuplicate'))
    if (await save([...roots, folder])) setPath('')
  }
  const pick = async () => {
    const answer = await api['mcp.pickFolder']({})
    if (!answer.ok) return setProblem(appErrorText(t, answer.error))
    if (answer.value.path !== null) await add(answer.value.path)
  }

  return (
    <details className="mcp-roots" data-testid="mcp-roots">
      <summary>
        {t('mcpRoots')} ({roots.length})
      </summary>
      <p className="muted">{t('mcpRootsHelp')}</p>
      {roots.length === 0 ? (
        <p className="muted">{t('mcpRootsNone')}</p>
      ) : (
        <ul>
          {roots.map((root) => (
            <li key={root} data-testid="mcp-root">
              <code>{revealInvisible(root)}</code>{' '}
              <button
                type="button"
                aria-label={t('mcpRootRemove', { folder: revealInvisible(root) })}
                onClick={() => void save(roots.filter((other) => other !== root))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault()
          void add(path.trim())
        }}
      >
        <label htmlFor={`${id}-path`}>{t('mcpRootPath')}</label>
        <input
          id={`${id}-path`}
          value={path}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={problem !== '' || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setPath(event.target.value)}
        />
        <button type="submit">{t('mcpRootAdd')}</button>
        {desktopApp() && (
          <button type="button" onClick={() => void pick()}>
            {t('mcpRootPick')}
          </button>
        )}
      </form>
      {problem && (
        <p id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
    </details>
  )
}
