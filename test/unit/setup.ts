import { GlobalRegistrator } from '@happy-dom/global-registrator'

/** The runner preloads the DOM (`test/unit/dom.mjs`); this keeps a file runnable on its own. */
if (!globalThis.document) GlobalRegistrator.register({ url: 'http://localhost:8080/' })
