import texts from '../../../locales/organizations/en.json'
import { addNamespace } from '../../stores/locale'

// The organizations screen's texts travel with its code.
addNamespace(texts, (locale) => import(`../../../locales/organizations/${locale}.json`))
