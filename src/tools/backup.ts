// `npm run backup -- FILE`: a consistent copy of the live database, taken while the server runs and
// writes, with SQLite's online backup. It reads `DATA_DIR/console.db` as the server does, DATA_DIR being
// the running server's folder unless set (./data when no server runs).
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { describeServer, runningServers } from '../server/running-servers'
import { dataDirOf } from './which-server'

const USAGE = 'Usage: npm run backup -- FILE   (copies DATA_DIR/console.db, DATA_DIR being the running server\'s folder unless set)'

async function backup(target: string): Promise<void> {
  const { dir, from } = dataDirOf(process.env, runningServers())
  const source = path.join(dir, 'console.db')
  if (!fs.existsSync(source)) throw new Error(`There is no database at ${source}; give the server's DATA_DIR`)
  if (from) console.log(`Copying the database of ${describeServer(from)}`)
  const file = path.resolve(target)
  // Written beside the target and renamed over it when complete: FILE is never half a copy.
  const partial = `${file}.partial-${process.pid}`
  fs.closeSync(fs.openSync(partial, 'wx', 0o600))
  const db = new SQLite(source, { readonly: true, fileMustExist: true })
  try {
    // Every page in one step reads one snapshot, which the server's writes (WAL) neither wait for nor change.
    const { totalPages } = await db.backup(partial, { progress: () => 0x7fffffff })
    const fd = fs.openSync(partial, 'r+')
    fs.fsyncSync(fd)
    fs.closeSync(fd)
    fs.renameSync(partial, file)
    console.log(`Copied ${source} (${totalPages} pages) to ${file}`)
  } catch (error) {
    fs.rmSync(partial, { force: true })
    throw error
  } finally {
    db.close()
  }
}

const target = process.argv[2]
if (!target || target.startsWith('-') || process.argv.length > 3) {
  console.error(USAGE)
  process.exit(2)
}
try {
  await backup(target)
} catch (error) {
  console.error('The backup failed:', error instanceof Error ? error.message : error)
  process.exit(1)
}
