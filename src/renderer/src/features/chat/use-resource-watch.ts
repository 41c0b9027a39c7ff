// The composer's watch of its attached MCP resources (composer-resource-watch.ts) as a hook: one
// per composer, listening while it is mounted (unmounting lets go of everything).
import { useEffect, useMemo, useState } from 'react'
import type { ComposerMcpClient } from './composer-mcp-client'
import { ComposerResourceWatch, type WatchedResource } from './composer-resource-watch'
import type { PendingAttachment } from './read-attachment'

const NO_KEYS: ReadonlySet<string> = new Set()

export function useResourceWatch(client: ComposerMcpClient | undefined) {
  const [list, setList] = useState<readonly WatchedResource[]>([])
  const watch = useMemo(() => (client ? new ComposerResourceWatch(client, setList) : undefined), [client])
  useEffect(() => watch?.start(), [watch])
  const updatedKeys = useMemo(
    () => (list.some((resource) => resource.state === 'updated') ? (watch?.updatedKeys() ?? NO_KEYS) : NO_KEYS),
    [list, watch],
  )
  return useMemo(
    () => ({
      updatedKeys,
      add: (resource: Parameters<ComposerResourceWatch['add']>[0]) => watch?.add(resource) ?? Promise.resolve(),
      removed: (key: string) => watch?.removed(key),
      needsReading: () => watch?.needsReading() ?? false,
      refresh: async (files: readonly PendingAttachment[]) =>
        watch ? watch.refresh(files) : { ok: true as const, files: [...files] },
      releaseAll: () => watch?.releaseAll(),
      detach: () => watch?.detach(),
    }),
    [watch, updatedKeys],
  )
}
