import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { translator } from './i18n/messages'
import type { ChatStore, ElicitationAnswer } from './state/chat-store'
import { Composer } from './components/composer'
import { MeasurementsView } from './components/measurements-view'
import { Answer, UserMessage } from './components/messages'
import { appErrorText } from './lib/app-error-text'
import { formatUsage } from './lib/format-usage'
import { SettingsPanel } from './components/settings-panel'
import { Sidebar } from './components/sidebar'
import { UnknownActions } from './components/unknown-actions'
import type { ApprovalDecision } from './components/tool-card'

export function App({ store }: { store: ChatStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const t = useMemo(() => translator(state.locale), [state.locale])
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [view, setView] = useState<'chat' | 'measurements'>('chat')
  const busy = store.isBusy(state)
  const run = store.currentRun(state)

  useEffect(() => {
    void store.start()
    return () => store.dispose()
  }, [store])
  useEffect(() => {
    document.documentElement.lang = state.locale
  }, [state.locale])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && store.isBusy()) void store.stop()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store])

  const onAnswer = useCallback((approvalId: string, decision: ApprovalDecision) => void store.answerApproval(approvalId, decision), [store])
  const onStop = useCallback(() => void store.stop(), [store])
  const onElicitation = useCallback((runId: string, elicitationId: string, answer: ElicitationAnswer) => void store.answerElicitation(runId, elicitationId, answer), [store])
  const onRetry = useCallback(() => void store.retry(), [store])

  const messages = (state.view?.messages ?? []).filter((m) => m.id !== run?.messageId && m.role !== 'system')
  const lastId = messages[messages.length - 1]?.id
  const showStarting =
    state.starting !== undefined && (state.starting.conversationId === state.currentId || (state.starting.conversationId === undefined && state.view === undefined))
  const title = state.conversations.find((c) => c.id === state.currentId)?.title ?? t('newConversation')
  const total = state.view?.usage.total

  return (
    <div className="app">
      <Sidebar
        conversations={state.conversations}
        hasMore={!state.conversationsComplete}
        onLoadMore={() => void store.loadMoreConversations()}
        currentId={state.currentId}
        t={t}
        onNew={() => {
          setView('chat')
          store.newConversation()
        }}
        onSelect={(id) => {
          setView('chat')
          void store.select(id)
        }}
        onRename={(id, name) => void store.rename(id, name)}
        onDelete={(id) => void store.remove(id)}
      />
      <main className="chat">
        <header className="chat-header">
          <h1>{view === 'measurements' ? t('measurements') : title}</h1>
          {view === 'chat' && total && messages.length > 0 && <span className="usage">{formatUsage(t, total, 'conversationUsage')}</span>}
          {view === 'chat' ? (
            <button type="button" onClick={() => setView('measurements')}>
              {t('measurements')}
            </button>
          ) : (
            <button type="button" onClick={() => setView('chat')}>
              {t('backToChat')}
            </button>
          )}
          <button type="button" onClick={() => setSettingsOpen((open) => !open)} aria-expanded={settingsOpen}>
            {t('settings')}
          </button>
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
          <MeasurementsView api={store.keel} locale={state.locale} t={t} />
        ) : (
          <>
            <UnknownActions actions={state.unknownActions} t={t} locale={state.locale} titleOf={store.toolTitle} providerOf={store.toolProvider} onResolve={(key, outcome) => void store.resolveAction(key, outcome)} />
            <div className="messages" data-testid="messages" role="region" aria-label={t('messageList')} tabIndex={0}>
              {state.ready && messages.length === 0 && !showStarting && !run && <p className="muted empty">{t('emptyChat')}</p>}
              {/* One keyed list, the live answer included: when it ends, its stored copy (same key) takes its place without a remount. */}
              {[
                ...messages.map((message) =>
                  message.role === 'user' ? (
                    <UserMessage key={message.id} message={message} t={t} attachments={state.view?.attachments?.[message.id]} loadAttachment={store.loadAttachment} />
                  ) : (
                    <Answer
                      key={message.id}
                      message={message}
                      diagnostics={state.view?.diagnostics[message.id]}
                      usage={state.view?.usage.perMessage[message.id]}
                      t={t}
                      onRetry={message.id === lastId && !busy ? onRetry : undefined}
                      titleOf={store.toolTitle}
                      providerOf={store.toolProvider}
                      onAnswer={onAnswer}
                      onCancelRetry={onStop}
                    />
                  ),
                ),
                showStarting && (
                  <article key="pending-user-message" className="message user pending" data-testid="message-user" aria-label={t('you')}>
                    <p className="user-text">{state.starting!.text}</p>
                  </article>
                ),
                run && (
                  <Answer
                    key={run.messageId ?? 'live-answer'}
                    run={run}
                    t={t}
                    titleOf={store.toolTitle}
                    providerOf={store.toolProvider}
                    onAnswer={onAnswer}
                    onElicitation={onElicitation}
                    onCancelRetry={onStop}
                    onRetry={onRetry}
                  />
                ),
              ]}
            </div>
            <Composer busy={busy} t={t} onSend={store.send} onStop={onStop} />
          </>
        )}
      </main>
      {settingsOpen && state.settings && (
        <SettingsPanel
          settings={state.settings}
          api={store.keel}
          t={t}
          onUpdate={store.updateSettings}
          onSettings={store.setSettings}
          onClose={() => setSettingsOpen(false)}
          tools={state.tools}
        />
      )}
    </div>
  )
}
