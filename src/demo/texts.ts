import texts from '../../locales/demo/en.json'
import { addNamespace } from '../stores/locale'

// The demo pages' texts travel with them: the real console carries none.
addNamespace(texts, (locale) => import(`../../locales/demo/${locale}.json`))
