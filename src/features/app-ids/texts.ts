import texts from '../../../locales/app-ids/en.json'
import { addNamespace } from '../../stores/locale'

// The app ids screen's texts, and the messages of its fields' rules, travel with its code.
addNamespace(texts, (locale) => import(`../../../locales/app-ids/${locale}.json`))
