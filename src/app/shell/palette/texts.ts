import texts from '../../../../locales/palette/en.json'
import { addNamespace } from '../../../stores/locale'

// The command palette's own texts travel with it; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../../../locales/palette/${locale}.json`))
