import texts from '../../../locales/demo-chat/en.json'
import { addNamespace } from '../../stores/locale'

// The chat demo's texts travel with its own chunk.
addNamespace(texts, (locale) => import(`../../../locales/demo-chat/${locale}.json`))
