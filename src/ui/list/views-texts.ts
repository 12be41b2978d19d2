import texts from '../../../locales/views/en.json'
import { addNamespace } from '../../stores/locale'

// The column chooser's and the saved views' texts come with their code, which loads after the list.
addNamespace(texts, (locale) => import(`../../../locales/views/${locale}.json`))
