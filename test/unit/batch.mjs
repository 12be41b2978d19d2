// Runs several bundled unit test files in one process, one after the other, as if each ran alone:
// a Node process, its DOM and its libraries are made once for all of them instead of once each.
// Between files the page is put back as a fresh one: nothing mounted, no storage, no attributes
// on <html>, the first address.
import { pathToFileURL } from 'node:url'
import { relative } from 'node:path'

globalThis.UVU_DEFER = 1
const { exec } = await import('uvu')
const { cleanup } = await import('@testing-library/react')
const start = location.href

const failed = []
for (const file of process.argv.slice(2)) {
  globalThis.UVU_QUEUE = [[relative(process.cwd(), file)]]
  await import(pathToFileURL(file).href)
  await exec()
  if (process.exitCode) failed.push(relative(process.cwd(), file))
  process.exitCode = 0
  cleanup()
  document.head.innerHTML = ''
  document.body.innerHTML = ''
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name)
  localStorage.clear()
  sessionStorage.clear()
  history.replaceState(null, '', start)
}
if (failed.length) console.log(`failed: ${failed.join(' ')}`)
process.exitCode = failed.length ? 1 : 0
