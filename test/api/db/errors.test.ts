import SQLite from 'better-sqlite3'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isUniqueViolation, storageTrouble } from '../../../src/server/db/errors'

/** The error SQLite throws for `insert`, with a table holding one row that `insert` collides with. */
function sqliteError(insert: string): unknown {
  const db = new SQLite(':memory:')
  db.exec(`CREATE TABLE roles (id text PRIMARY KEY, organization_id text, name text NOT NULL, note text, UNIQUE (organization_id, name))`)
  db.exec(`INSERT INTO roles VALUES ('r1', 'o1', 'Admin', '')`)
  try {
    db.exec(insert)
  } catch (error) {
    return error
  } finally {
    db.close()
  }
  throw new Error(`${insert} was not refused`)
}

const pgError = (table: string, detail: string) => Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', table, detail })

test('names the column of a SQLite unique constraint it broke', () => {
  const error = sqliteError(`INSERT INTO roles VALUES ('r2', 'o1', 'Admin', '')`)
  assert.equal(
    ['roles.name', 'roles.organization_id', 'roles.note', 'users.name'].map((column) => isUniqueViolation(error, column)),
    [true, true, false, false],
  )
  assert.ok(isUniqueViolation(error))
})

test('takes a repeated primary key as a unique violation', () => {
  const error = sqliteError(`INSERT INTO roles VALUES ('r1', 'o2', 'Other', '')`)
  assert.equal([isUniqueViolation(error, 'roles.id'), isUniqueViolation(error, 'roles.name')], [true, false])
})

test('names the columns of a PostgreSQL unique violation from its detail', () => {
  const error = pgError('roles', 'Key (organization_id, name)=(o1, Admin) already exists.')
  assert.equal([isUniqueViolation(error, 'roles.name'), isUniqueViolation(error, 'devices.name'), isUniqueViolation(error)], [true, false, true])
  assert.ok(isUniqueViolation(pgError('users', 'Key (email)=(a@example.com) already exists.'), 'users.email'))
})

test('is false for other errors, one whose message only reads like a unique violation included', () => {
  const notNull = sqliteError(`INSERT INTO roles VALUES ('r2', 'o1', NULL, '')`)
  const foreignKey = Object.assign(new Error('insert violates foreign key constraint'), {
    code: '23503',
    table: 'roles',
    detail: 'Key (organization_id)=(o9) is not present.',
  })
  assert.equal(
    [notNull, new Error('UNIQUE constraint failed: roles.name'), foreignKey, null, undefined, 'unique'].map((error) => isUniqueViolation(error)),
    [false, false, false, false, false, false],
  )
})

test('tells passing troubles of both databases (a full disk, a busy or restarting server) from faults', () => {
  const coded = (code: string) => Object.assign(new Error('storage'), { code })
  assert.equal(
    ['SQLITE_FULL', 'SQLITE_BUSY_SNAPSHOT', '53100', '40P01', '40001', '57P01', 'ECONNREFUSED', '23505', '42P01', 'SQLITE_CONSTRAINT_UNIQUE'].map((code) => storageTrouble(coded(code))),
    ['full', 'busy', 'full', 'busy', 'busy', 'busy', 'busy', undefined, undefined, undefined],
  )
  assert.is(storageTrouble(new Error('Connection terminated unexpectedly')), 'busy')
  assert.is(storageTrouble(new Error('something else')), undefined)
})

test.run()
