// A namespace of texts imports its English statically and loads the other languages with
// `import(`.../locales/<name>/${locale}.json`)`. esbuild turns such an import into one lazy entry
// per file the pattern matches, English too, and a file both imported and lazily loaded travels
// alone: every screen with texts of its own took one more request for them. English is never
// loaded that way (it is there from the start), so the pattern is spelled out here, at build
// time, as one import per other language, and English joins the code that imports it.
import { readdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

const PATTERN = /import\(`((?:\.\.\/)+locales\/[a-z-]+\/)\$\{(\w+)\}\.json`\)/g

/** `code` of the module at `path` with each namespace pattern import spelled out but English. */
export function spellLocaleImports(code, path) {
  if (!code.includes('locales/')) return code
  return code.replace(PATTERN, (whole, folder, name) => {
    const languages = readdirSync(resolve(dirname(path), folder))
      .filter((file) => file.endsWith('.json') && file !== 'en.json')
      .map((file) => file.slice(0, -'.json'.length))
    const loaders = languages.map((language) => `${JSON.stringify(language)}: () => import(${JSON.stringify(`${folder}${language}.json`)})`)
    return `({ ${loaders.join(', ')} })[${name}]()`
  })
}
