import { migration0010 } from './0010-conversations'
import { migration0020 } from './0020-generations'
import { migration0030 } from './0030-tool-ledger'
import { migration0040 } from './0040-measurements'
import { migration0050 } from './0050-settings'
import { migration0060 } from './0060-message-part-chunks'
import { migration0070 } from './0070-answer-details'
import { migration0080 } from './0080-measurement-offsets'
import { migration0090 } from './0090-mcp-tool-pins'
import { migration0100 } from './0100-message-tree'
import { migration0110 } from './0110-conversation-settings'
import { migration0120 } from './0120-search-and-pins'
import { migration0130 } from './0130-message-attachments'
import { migration0160 } from './0160-generation-profiles'
import { migration0180 } from './0180-interrupt-detail'
import { migration0190 } from './0190-conversation-entries'
import { migration0240 } from './0240-conversation-web-search'
import { migration0250 } from './0250-message-web-items'
import { migration0260 } from './0260-generation-hosted-searches'
import type { Migration } from './migration'

/** Every migration, in order. Append only: a released migration is never edited; a new one is numbered above all and listed in `released.txt`. */
export const MIGRATIONS: readonly Migration[] = [
  migration0010,
  migration0020,
  migration0030,
  migration0040,
  migration0050,
  migration0060,
  migration0070,
  migration0080,
  migration0090,
  migration0100,
  migration0110,
  migration0120,
  migration0130,
  migration0160,
  migration0180,
  migration0190,
  migration0240,
  migration0250,
  migration0260,
]

/** The newest schema version this build knows. A file with a higher `user_version` is refused. */
export const LATEST_SCHEMA_VERSION: number = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0
