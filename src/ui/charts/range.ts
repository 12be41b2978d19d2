import { DEFAULT_METRIC_RANGE, isMetricRange, type MetricRange } from '../../contract/metrics'

/** The range the address asks for (`?range=7d`); the default when it names none or a wrong one. */
export const readRange = (search: URLSearchParams): MetricRange => {
  const asked = search.get('range')
  return isMetricRange(asked) ? asked : DEFAULT_METRIC_RANGE
}

/** The address for another range; the default is left out, as the list kit leaves its defaults. */
export function writeRange(search: URLSearchParams, range: MetricRange): URLSearchParams {
  const next = new URLSearchParams(search)
  if (range === DEFAULT_METRIC_RANGE) next.delete('range')
  else next.set('range', range)
  return next
}
