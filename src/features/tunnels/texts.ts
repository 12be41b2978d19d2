import texts from '../../../locales/tunnels/en.json'
import { addNamespace } from '../../stores/locale'

// The tunnels screen's own texts travel with it; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../../locales/tunnels/${locale}.json`))
