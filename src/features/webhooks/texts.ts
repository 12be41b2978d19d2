import texts from '../../../locales/webhooks/en.json'
import { addNamespace } from '../../stores/locale'

// The webhooks screen's texts, and the messages of its URL rule, travel with its code.
addNamespace(texts, (locale) => import(`../../../locales/webhooks/${locale}.json`))
