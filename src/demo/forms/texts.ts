import texts from '../../../locales/demo-forms/en.json'
import { addNamespace } from '../../stores/locale'

// The forms page's texts travel with it, like the other demo pages' (src/demo/texts.ts).
addNamespace(texts, (locale) => import(`../../../locales/demo-forms/${locale}.json`))
