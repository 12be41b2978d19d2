import texts from '../../../locales/demo-timeline/en.json'
import { addNamespace } from '../../stores/locale'

// The timeline demo's texts travel with its own chunk.
addNamespace(texts, (locale) => import(`../../../locales/demo-timeline/${locale}.json`))
