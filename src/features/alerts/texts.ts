import texts from '../../../locales/alerts/en.json'
import { addNamespace } from '../../stores/locale'

// The alerts screens' own texts travel with them; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../../locales/alerts/${locale}.json`))
