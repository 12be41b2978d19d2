import texts from '../../../locales/devices/en.json'
import { addNamespace } from '../../stores/locale'

// The devices screens' own texts travel with them; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../../locales/devices/${locale}.json`))
