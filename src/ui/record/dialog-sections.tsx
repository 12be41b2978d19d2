import type { ReactNode } from 'react'
import s from './record.module.css'

/** The content of a record dialog, spaced as every dialog of the console. */
export const DialogBody = ({ children }: { children: ReactNode }) => <div className={s.body}>{children}</div>

/** A dialog's buttons, at the end edge under a rule. */
export const DialogActions = ({ children }: { children: ReactNode }) => <div className={s.actions}>{children}</div>
