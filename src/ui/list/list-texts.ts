import texts from '../../../locales/lists/en.json'
import { addNamespace } from '../../stores/locale'

// The filter menu's, the chips' and the export's texts come with their code, which loads after the list.
addNamespace(texts, (locale) => import(`../../../locales/lists/${locale}.json`))
