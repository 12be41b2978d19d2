import { GROUPED_LIST_MAX, type AlertCondition, type AlertLanguage, type AlertMetric } from '../../contract/alerts'
import type { Mail } from '../mail'
import { BRAND } from '../messages'
import { fill, textsFor, type AlertTexts } from './texts'

type Texts = AlertTexts['alertMail']

/** A time as the mail shows it: UTC to the minute, the same in every language. */
const shown = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

/** One device (or key) of a notification. */
export interface Noticed {
  subject_name: string
  /** When the condition began: last heartbeat, first crossing, the report, a key's expiry. */
  started_at: string
  resolved_at: string | null
}

export interface Notice {
  kind: 'firing' | 'resolved'
  rule: { name: string; condition: AlertCondition; metric: AlertMetric | null; threshold: number | null; repeat_s: number; language: AlertLanguage }
  organization: string
  items: Noticed[]
  /** Where the console is (`PUBLIC_URL`), for the links to the alerts and the rule. */
  origin: string
}

/** The line of one device: its name and what happened, in the rule's language. */
function line(texts: Texts, notice: Notice, item: Noticed): string {
  const { rule } = notice
  const detail =
    notice.kind === 'resolved'
      ? fill(texts.detail.resolved, { at: shown(item.resolved_at ?? item.started_at) })
      : fill(texts.detail[rule.condition], {
          since: shown(item.started_at),
          metric: rule.metric ? texts.metric[rule.metric] : '',
          threshold: rule.threshold ?? '',
        })
  return `- ${item.subject_name}: ${detail}`
}

/**
 * The subject and text of a notification for one recipient: one device by name, or many as one
 * grouped mail naming the count and listing the first GROUPED_LIST_MAX of them.
 */
export function composeNotice(notice: Notice): Omit<Mail, 'to'> {
  const texts = textsFor(notice.rule.language).alertMail
  const count = notice.items.length
  const grouped = count > 1
  const vars = { rule: notice.rule.name, organization: notice.organization, count, subject: notice.items[0]?.subject_name ?? '' }
  const firing = notice.kind === 'firing'
  const subject = fill(firing ? (grouped ? texts.firingGroupedSubject : texts.firingSubject) : grouped ? texts.resolvedGroupedSubject : texts.resolvedSubject, vars)
  const intro = fill(firing ? (grouped ? texts.firingGroupedBody : texts.firingBody) : grouped ? texts.resolvedGroupedBody : texts.resolvedBody, vars)
  const listed = notice.items.slice(0, GROUPED_LIST_MAX).map((item) => line(texts, notice, item))
  if (count > GROUPED_LIST_MAX) listed.push(fill(texts.more, { count: count - GROUPED_LIST_MAX }))
  const links = [
    fill(texts.openAlerts, { link: `${notice.origin}/app/alerts` }),
    fill(texts.openRule, { link: `${notice.origin}/app/alerts/rules?q=${encodeURIComponent(notice.rule.name)}` }),
  ]
  // The end of an alert is no farewell: the same trouble coming back is mailed again.
  const footer = firing ? fill(texts.footer, { minutes: Math.round(notice.rule.repeat_s / 60) }) : texts.resolvedFooter
  return { subject: `[${BRAND}] ${subject}`, text: `${intro}\n\n${listed.join('\n')}\n\n${links.join('\n')}\n\n${footer}\n` }
}
