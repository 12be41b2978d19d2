import texts from '../../../locales/demo-user-profile/en.json'
import { addNamespace } from '../../stores/locale'

// The profile demo's texts travel with its own chunk.
addNamespace(texts, (locale) => import(`../../../locales/demo-user-profile/${locale}.json`))
