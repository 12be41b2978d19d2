import texts from '../../../locales/audit/en.json'
import { addNamespace } from '../../stores/locale'

// The trail's texts travel with it: only screens that show a trail load them.
addNamespace(texts, (locale) => import(`../../../locales/audit/${locale}.json`))
