// A Keel process killed while it makes a new store (run by store-creation-crash.test.ts with tsx):
// its first migration creates a table, says `migrating` on stdout, then blocks until it is killed.
import { openDatabase } from '../../../src/main/db/database'
import { MIGRATIONS } from '../../../src/main/db/migrations/index'

const [path] = process.argv.slice(2)
if (!path) throw new Error('usage: creating-child <db>')
const first = MIGRATIONS[0]!
openDatabase(path, {
  migrate: {
    migrations: [
      {
        ...first,
        up(db) {
          first.up(db)
          process.stdout.write('migrating\n')
          // Blocks this thread (the migration must be synchronous) until SIGKILL.
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
        },
      },
    ],
  },
})
