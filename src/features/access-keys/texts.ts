import texts from '../../../locales/access-keys/en.json'
import { addNamespace } from '../../stores/locale'

// The access keys screen's own texts travel with it; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../../locales/access-keys/${locale}.json`))
