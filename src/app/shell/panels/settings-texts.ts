import texts from '../../../../locales/settings/en.json'
import { addNamespace } from '../../../stores/locale'

// The settings drawer's texts travel with it, loaded when it first opens.
addNamespace(texts, (locale) => import(`../../../../locales/settings/${locale}.json`))
