import texts from '../../../locales/secret/en.json'
import { addNamespace } from '../../stores/locale'

// The texts of the dialog that shows a secret once travel with it, loaded when it first opens.
addNamespace(texts, (locale) => import(`../../../locales/secret/${locale}.json`))
