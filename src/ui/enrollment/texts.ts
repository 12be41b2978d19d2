import texts from '../../../locales/enrollment/en.json'
import { addNamespace } from '../../stores/locale'

// The texts of joining a device (the agent's commands, connecting, a device's credential and its
// approval) travel with the parts that show them; importing this module registers them once.
addNamespace(texts, (locale) => import(`../../../locales/enrollment/${locale}.json`))
