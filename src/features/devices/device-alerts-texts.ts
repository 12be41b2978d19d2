import texts from '../../../locales/device-alerts/en.json'
import { addNamespace } from '../../stores/locale'

// The device page's alerts section brings its own texts: the console's, loaded with the shell, stay without them.
addNamespace(texts, (locale) => import(`../../../locales/device-alerts/${locale}.json`))
