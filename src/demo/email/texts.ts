import texts from '../../../locales/demo-email/en.json'
import { addNamespace } from '../../stores/locale'

// The e-mail page's texts travel with it: the rest of the console carries none.
addNamespace(texts, (locale) => import(`../../../locales/demo-email/${locale}.json`))
