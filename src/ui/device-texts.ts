import texts from '../../locales/devices/en.json'
import { addNamespace } from '../stores/locale'

// The devices' texts (their screens', and the status names the network dashboard shows) travel
// with the devices kit; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../locales/devices/${locale}.json`))
