import texts from '../../../locales/api-reference/en.json'
import { addNamespace } from '../../stores/locale'

// The API reference's texts travel with its code.
addNamespace(texts, (locale) => import(`../../../locales/api-reference/${locale}.json`))
