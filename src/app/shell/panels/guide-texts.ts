import texts from '../../../../locales/guide/en.json'
import { addNamespace } from '../../../stores/locale'

// The guide's texts travel with it: most visits never open it.
addNamespace(texts, (locale) => import(`../../../../locales/guide/${locale}.json`))
