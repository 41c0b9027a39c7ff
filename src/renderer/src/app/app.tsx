import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { translator } from '../i18n/messages'
import type { AttachmentInput } from '../../../shared/attachments'
import type { Message } from '../../../shared/conversation'
import type { AppClients } from '../api/app-clients'
import { Composer, formatUsage, MessageActionsScope, MessageList, UnknownActions } from '../features/chat'
import type { ApprovalDecision, MessageListHandle } from '../features/chat'
import {
  ConversationMenu,
  ConversationSettingsPanel,
  ConversationSettingsStore,
  ModelPicker,
} from '../features/conversation-settings'
import { FindBar } from '../features/find'
import { MeasurementsView } from '../features/measurements'
import { FirstRunCard, SettingsPanel } from '../features/settings'
import { type SearchTarget, Sidebar } from '../features/sidebar'
import { appErrorText } from '../lib/app-error-text'
import type { ChatStore, ElicitationAnswer } from '../state/chat-store'
import type { ConversationListStore } from '../state/conversation-list-store'
import { useFocusTrap } from '../ui/use-focus-trap'
import type { ShortcutAction } from './shortcuts'
import { ShortcutsHelp } from './shortcuts-help'
import { useUiState } from './ui-state'
import { useOpenSettings } from './use-open-settings'
import { useTheme } from './use-theme'
import { focusComposer, useMediaQuery, useWindowKeys } from './window-keys'

/** Stable empty list (the find bar's matches are recomputed when its messages change). */
const NO_MESSAGES: readonly Message[] = []

/**
 * The window's layout. `store` holds the chat's state, `list` the sidebar's conversations (its own
 * snapshot: the memoized sidebar skips a streaming answer's frames); each panel gets its own narrow
 * client from `clients`.
 */
export function App({ store, list, clients }: { store: ChatStore; list: ConversationListStore; clients: AppClients }) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const listState = useSyncExternalStore(list.subscribe, list.getSnapshot)
  const t = useMemo(() => translator(state.locale), [state.locale])
  useTheme(state.settings?.theme ?? 'system')
  const narrow = useMediaQuery('(max-width: 640px)')
  const {
    view,
    setView,
    settingsOpen,
    setSettingsOpen,
    conversationSettingsOpen,
    setConversationSettingsOpen,
    helpOpen,
    setHelpOpen,
    drawerOpen,
    setDrawerOpen,
    drawer,
    collapsed,
    toggleSidebar,
    showSidebar,
    findOpen,
    setFindOpen,
    target,
    setTarget,
    setupBlocked,
    setSetupBlocked,
    connectedName,
    setConnectedName,
  } = useUiState(narrow)
  const conversationSettings = useMemo(
    () => new ConversationSettingsStore(store, clients.conversationSettings),
    [store, clients],
  )
  useEffect(() => () => conversationSettings.dispose(), [conversationSettings])
  const onOpenSettings = useOpenSettings(settingsOpen, setSettingsOpen)
  const busy = store.isBusy(state)
  const run = store.currentRun(state)

  useEffect(() => {
    void store.start()
    return () => store.dispose()
  }, [store])
  useEffect(() => {
    document.documentElement.lang = state.locale
  }, [state.locale])
  // Finding things: search, the drawer (narrow windows), the collapsible sidebar, shortcuts and Esc.
  const listRef = useRef<MessageListHandle>(null)
  const findRef = useRef<HTMLInputElement>(null)
  const revealMessage = useCallback(
    (messageId: string) => listRef.current?.reveal(messageId) ?? Promise.resolve(null),
    [],
  )
  const closeFind = useCallback(() => {
    setFindOpen(false)
    requestAnimationFrame(() => focusComposer())
  }, [])
  const searchRef = useRef<HTMLInputElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const sidebarRef = useRef<HTMLElement>(null)
  useFocusTrap(sidebarRef, drawer)
  const closeDrawer = useCallback((refocus: boolean) => {
    setDrawerOpen(false)
    if (refocus) toggleRef.current?.focus()
  }, [])
  useEffect(() => {
    // Opening the drawer moves focus into it (its search field).
    if (drawer) searchRef.current?.focus()
  }, [drawer])
  useWindowKeys({
    onShortcut: (action: ShortcutAction) => {
      if (action === 'newConversation') {
        setView('chat')
        store.newConversation()
        setDrawerOpen(false)
        requestAnimationFrame(() => focusComposer())
      } else if (action === 'search') {
        showSidebar()
        requestAnimationFrame(() => searchRef.current?.focus())
      } else if (action === 'find') {
        setDrawerOpen(false)
        setView('chat')
        setFindOpen(true)
        // Open already: its field again, its words selected (as a browser's find does).
        requestAnimationFrame(() => {
          findRef.current?.focus()
          findRef.current?.select()
        })
      } else if (action === 'focusComposer') {
        setDrawerOpen(false)
        setView('chat')
        requestAnimationFrame(() => focusComposer())
      } else if (action === 'settings') setSettingsOpen((open) => !open)
      else setHelpOpen(true)
    },
    anyOpen: () => helpOpen || drawer || settingsOpen || findOpen,
    closeTopmost: () => {
      if (helpOpen) setHelpOpen(false)
      else if (drawer) closeDrawer(true)
      else if (settingsOpen) setSettingsOpen(false)
      else if (findOpen) closeFind()
    },
    stop: () => {
      if (store.isBusy()) void store.stop()
    },
  })
  // The composer has focus when the window opens (typing is what people do first).
  useEffect(() => {
    if (state.ready && (document.activeElement === null || document.activeElement === document.body)) focusComposer()
  }, [state.ready])
  // A search result opens its conversation at the matching message: scrolled into view, briefly outlined.
  useEffect(() => {
    if (!target || state.view?.conversation.id !== target.conversationId) return
    setTarget(undefined)
    // The list mounts only what is on screen: it mounts the message's row and scrolls to it.
    if (!target.messageId) return
    void listRef.current?.reveal(target.messageId).then((element) => {
      if (!element) return
      element.classList.add('search-target')
      setTimeout(() => element.classList.remove('search-target'), 2000)
    })
  }, [target, state.view])
  const openResult = useCallback(
    (found: SearchTarget) => {
      setView('chat')
      setDrawerOpen(false)
      setTarget({ ...found })
      void store.select(found.conversationId)
    },
    [store],
  )
  // The sidebar's handlers and header: the same from render to render, so the memoized sidebar
  // re-renders when its list, the open conversation or the writing markers change, not per frame.
  const onNewConversation = useCallback(() => {
    setView('chat')
    store.newConversation()
    setDrawerOpen(false)
    requestAnimationFrame(() => focusComposer())
  }, [store, setView, setDrawerOpen])
  const onSelectConversation = useCallback(
    (id: string) => {
      setView('chat')
      setDrawerOpen(false)
      void store.select(id)
    },
    [store, setView, setDrawerOpen],
  )
  const onRename = useCallback((id: string, name: string) => void store.rename(id, name), [store])
  const onDelete = useCallback((id: string) => void store.remove(id), [store])
  const onPin = useCallback((id: string, pinned: boolean) => void list.pin(id, pinned), [list])
  const onLoadMore = useCallback(() => void list.loadMore(), [list])
  const drawerHeader = useMemo(
    () =>
      drawer ? (
        <div className="drawer-header">
          <button type="button" onClick={() => closeDrawer(true)}>
            {t('finding.closeConversations')}
          </button>
        </div>
      ) : undefined,
    [drawer, t, closeDrawer],
  )

  // After an approval is answered its buttons go away: focus moves on to the next approval, or the composer (defect 19).
  const onAnswer = useCallback(
    (approvalId: string, decision: ApprovalDecision) => {
      void store.answerApproval(approvalId, decision).then(() =>
        requestAnimationFrame(() => {
          const active = document.activeElement
          if (active !== null && active !== document.body && active.isConnected) return
          const next = document.querySelector<HTMLElement>('.messages .tool-card button.primary')
          if (next) next.focus()
          else focusComposer()
        }),
      )
    },
    [store],
  )
  const onStop = useCallback(() => void store.stop(), [store])
  const onElicitation = useCallback(
    (runId: string, elicitationId: string, answer: ElicitationAnswer) =>
      void store.answerElicitation(runId, elicitationId, answer),
    [store],
  )
  const onRetry = useCallback(() => void store.retry(), [store])
  const firstRun = state.settings?.firstRun ?? null
  const onSend = useCallback(
    async (text: string, attachments?: AttachmentInput[]) => {
      if (store.getSnapshot().settings?.firstRun) {
        setSetupBlocked(true)
        return false
      }
      return store.send(text, attachments)
    },
    [store],
  )

  const messages = (state.view?.messages ?? []).filter((m) => m.id !== run?.messageId && m.role !== 'system')
  // Only in the conversation (or the very new-conversation draft) it was sent from (defect 13).
  const showStarting = store.isStartingHere(state)
  const title = store.currentTitle(state) ?? t('newConversation')
  const currentId = state.currentId
  const currentActions = useMemo(
    () =>
      currentId === undefined
        ? undefined
        : {
            title,
            pinned: list.isPinned(currentId, listState),
            rename: (name: string) => void store.rename(currentId, name),
            pin: (pinned: boolean) => void list.pin(currentId, pinned),
            remove: () => void store.remove(currentId),
          },
    [currentId, title, listState, store, list],
  )
  const total = state.view?.usage.total
  const usageLine = total && messages.length > 0 ? formatUsage(t, total, 'conversationUsage') : undefined

  return (
    <div className={`app${collapsed ? ' sidebar-collapsed' : ''}${drawer ? ' drawer-open' : ''}`}>
      <a
        href="#composer"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault()
          setView('chat')
          requestAnimationFrame(() => focusComposer())
        }}
      >
        {t('finding.skipToComposer')}
      </a>
      {drawer && <div className="drawer-backdrop" aria-hidden="true" onClick={() => closeDrawer(true)} />}
      <Sidebar
        id="conversation-sidebar"
        containerRef={sidebarRef}
        dialog={drawer}
        api={clients.search}
        pinned={listState.pinned}
        writing={store.writingIds(state)}
        searchRef={searchRef}
        onOpenResult={openResult}
        onPin={onPin}
        drawerHeader={drawerHeader}
        conversations={listState.conversations}
        hasMore={!listState.complete}
        onLoadMore={onLoadMore}
        currentId={state.currentId}
        t={t}
        onNew={onNewConversation}
        onSelect={onSelectConversation}
        onRename={onRename}
        onDelete={onDelete}
      />
      <main className="chat">
        <header className="chat-header">
          <button
            ref={toggleRef}
            type="button"
            className="sidebar-toggle"
            aria-controls="conversation-sidebar"
            aria-expanded={narrow ? drawerOpen : !collapsed}
            onClick={toggleSidebar}
          >
            {t('finding.conversationsToggle')}
          </button>
          {/* The title and its usage line share one column, so the buttons leave the title room (it was squeezed to a letter). */}
          <div className="chat-title">
            <h1 title={view === 'measurements' ? undefined : title}>
              {view === 'measurements' ? t('measurements') : title}
            </h1>
            {view === 'chat' && usageLine && <span className="usage">{usageLine}</span>}
          </div>
          {/* The buttons wrap as one group to a row of their own when the title would get less than its share. */}
          <div className="chat-header-actions">
            {view === 'chat' ? (
              <button type="button" onClick={() => setView('measurements')}>
                {t('measurements')}
              </button>
            ) : (
              <button type="button" onClick={() => setView('chat')}>
                {t('backToChat')}
              </button>
            )}
            <ConversationMenu
              api={clients.conversationSettings}
              conversationId={state.currentId}
              locale={state.locale}
              t={t}
              onOpenSettings={() => setConversationSettingsOpen(true)}
              onImported={(id) => void store.refreshAfterImport(id)}
              current={currentActions}
            />
            <button type="button" onClick={() => setSettingsOpen((open) => !open)} aria-expanded={settingsOpen}>
              {t('settings')}
            </button>
            {/* In a narrow window the visible word is the short one ("Shortcuts", part of the name: WCAG 2.5.3). */}
            <button
              type="button"
              onClick={() => setHelpOpen(true)}
              aria-haspopup="dialog"
              aria-label={t('finding.shortcuts')}
            >
              <span className="label-long">{t('finding.shortcuts')}</span>
              <span className="label-short">{t('finding.shortcutsShort')}</span>
            </button>
          </div>
        </header>
        {state.error && (
          <p className="error" role="alert">
            {appErrorText(t, state.error)}{' '}
            <button type="button" onClick={store.clearError}>
              {t('cancel')}
            </button>
          </p>
        )}
        {view === 'measurements' ? (
          <MeasurementsView api={clients.measurements} locale={state.locale} t={t} />
        ) : (
          <>
            <UnknownActions
              actions={state.unknownActions}
              t={t}
              locale={state.locale}
              titleOf={store.toolTitle}
              providerOf={store.toolProvider}
              onResolve={(key, outcome) => void store.resolveAction(key, outcome)}
            />
            {findOpen && (
              <FindBar
                messages={state.view?.messages ?? NO_MESSAGES}
                reveal={revealMessage}
                inputRef={findRef}
                t={t}
                onClose={closeFind}
              />
            )}
            <MessageActionsScope store={store} state={state}>
              <MessageList
                handle={listRef}
                state={state}
                store={store}
                t={t}
                messages={messages}
                run={run}
                busy={busy}
                showStarting={showStarting}
                onAnswer={onAnswer}
                onStop={onStop}
                onElicitation={onElicitation}
                onRetry={onRetry}
                onOpenSettings={onOpenSettings}
                hideEmpty={firstRun !== null}
                intro={
                  <>
                    {state.ready && state.settings && firstRun && (messages.length === 0 || setupBlocked) && (
                      <FirstRunCard
                        settings={state.settings}
                        api={clients.firstRun}
                        t={t}
                        blocked={setupBlocked}
                        allowPlainTextStorage={false}
                        onConnected={(next, name) => {
                          store.setSettings(next)
                          setSetupBlocked(false)
                          if (name) setConnectedName(name)
                          // The card (and the Save button that had focus) goes away: focus goes where the user types next.
                          requestAnimationFrame(() => focusComposer())
                        }}
                      />
                    )}
                    {state.ready && !firstRun && connectedName && messages.length === 0 && (
                      <p className="connected-now" role="status">
                        {t('providers.firstRun.readyNow', { name: connectedName })}
                      </p>
                    )}
                  </>
                }
              />
            </MessageActionsScope>
            {conversationSettingsOpen && (
              <ConversationSettingsPanel
                store={conversationSettings}
                t={t}
                onClose={() => setConversationSettingsOpen(false)}
              />
            )}
            <Composer
              busy={busy}
              t={t}
              onSend={onSend}
              onStop={onStop}
              mcp={clients.composerMcp}
              conversationId={state.currentId}
              picker={<ModelPicker store={conversationSettings} settings={state.settings} t={t} />}
            />
          </>
        )}
      </main>
      {settingsOpen && state.settings && (
        <SettingsPanel
          settings={state.settings}
          api={clients.settings}
          t={t}
          onUpdate={store.updateSettings}
          onSettings={store.setSettings}
          onClose={() => setSettingsOpen(false)}
          tools={state.tools}
          narrow={narrow}
        />
      )}
      {helpOpen && <ShortcutsHelp t={t} onClose={() => setHelpOpen(false)} />}
    </div>
  )
}
