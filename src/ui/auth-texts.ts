import texts from '../../locales/auth/en.json'
import { addNamespace } from '../stores/locale'

// The sign-in, registration and password pages' texts (and the invitation's, and the demo forms')
// travel with the public pages' kit, not with every page of the console; importing this module
// registers them once.
addNamespace(texts, (locale) => import(`../../locales/auth/${locale}.json`))
