// The page template's slots, filled in one pass.

const SLOT = /<!--(title|description|head|mode|body|scripts)-->|%(PALETTES)%/g

/**
 * `template` with each slot replaced by its value: `<!--title-->`, `<!--description-->`,
 * `<!--head-->`, `<!--mode-->`, `<!--body-->`, `<!--scripts-->` and `%PALETTES%`. One pass with a
 * replacer function, so a value is put in as it is: a `$&` or `$'` in a text stays, and a slot's
 * name inside a value (a title reading `<!--body-->`) is never filled in turn.
 */
export function fillPage(template, values) {
  const seen = new Set()
  const page = template.replace(SLOT, (_, comment, upper) => {
    const name = comment ?? upper.toLowerCase()
    if (typeof values[name] !== 'string') throw new Error(`no value for the page template's slot ${name}`)
    seen.add(name)
    return values[name]
  })
  const missing = Object.keys(values).filter((name) => !seen.has(name))
  if (missing.length) throw new Error(`the page template has no slot for ${missing.join(', ')}`)
  return page
}

/** Text for an HTML element or a quoted attribute. */
export const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])

/** JSON for a `<script type="application/json">`: no `</script>` or `<!--` can end it early. */
export const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The texts the page's own script shows when the console's code cannot be downloaded (index.html),
 * in each language of `dictionaries` (the main locale files, by language), for a data block.
 */
export const bootTexts = (dictionaries) =>
  scriptJson(Object.fromEntries(Object.entries(dictionaries).map(([lang, { errors }]) => [lang, { text: errors.bootFailed, retry: errors.tryAgain }])))
