// The core kit: what the page's own script (src/main.tsx) loads and the screens use too. Every
// screen and lazy part of the console names it first (the build adds the import, see
// src/build/chunk-groups.mjs), so the bundler keeps it in one shared file instead of cutting it
// into a file per set of screens that happens to use each piece. The router's screen table stays
// out: it reaches every screen through import(), and esbuild gives each entry point the styles of
// everything it reaches, so a screen naming it would carry every screen's styles.
import 'react'
import 'react-dom'
import 'react/jsx-runtime'
// A bare import of a package marked free of side effects is dropped: re-exported, it stays in this file.
export { useStore } from '@nanostores/react'
import 'wouter'
import 'clsx'
import '../route-table'
import '../../contract/brand'
import '../../contract/rights'
import '../../api/client'
import '../../lib/i18n'
import '../../lib/lazy-screen'
import '../../lib/screen-styles'
import '../../stores/locale'
import '../../stores/session'
import '../../stores/ui'
import '../../ui/banner'
import '../../ui/button'
import '../../ui/early-input'
// The fields' styles: the forms and the lists' page-size select share them, so in either kit they
// would travel as a file of their own (their class names, some 150 bytes).
import '../../ui/fields.module.css'
// A field's label mark, hint and counter, which the forms' fields and the lists' select share: in
// neither kit alone, it would be a file of its own on the sign-in page and the first /app load.
import '../../ui/field-parts'
// What stands in for code that could not be downloaded (the screen table's and the lazy parts'),
// and dates written with their zone (the change history's, the alerts' and the webhooks'): each
// shared by chunks of their own, they would be a file of their own on the first /app load.
import '../../ui/load-failed'
import '../../ui/date-time'
import '../../ui/spinner'
import '../../ui/use-t'
