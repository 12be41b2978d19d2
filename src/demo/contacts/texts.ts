import texts from '../../../locales/demo-contacts/en.json'
import { addNamespace } from '../../stores/locale'

// The contacts page's texts travel with it: the rest of the console carries none.
addNamespace(texts, (locale) => import(`../../../locales/demo-contacts/${locale}.json`))
