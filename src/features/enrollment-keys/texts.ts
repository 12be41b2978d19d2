import texts from '../../../locales/enrollment-keys/en.json'
import { addNamespace } from '../../stores/locale'

// The enrollment keys screen's own texts travel with it; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../../locales/enrollment-keys/${locale}.json`))
