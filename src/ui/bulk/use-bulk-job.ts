import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import type { BulkJob, BulkStatus } from '../../contract/bulk'
import { live } from '../../stores/live'
import { bulkJob } from './bulk-api'
import { isFinished } from './bulk-words'

/** Without the events stream, the job is read this often while it runs. */
export const POLL_MS = 1000
/** With the stream, it is read this seldom all the same, in case its last event went missing. */
export const POLL_LIVE_MS = 5000

export interface JobProgress {
  status: BulkStatus
  done: number
  count: number
  /** The job as last read from the server; its skipped records and figures once finished. */
  job: BulkJob | null
  /** The progress comes from reading the job, the stream being down. */
  polling: boolean
  /** The message of a failed read, while nothing better is known. */
  message: string
}

/**
 * A running job's progress: from its `bulk` events while the events stream is up, else from
 * reading `GET /bulk/{id}` every second; once it ends, the finished job is read once more for its
 * figures and skipped records.
 */
export function useBulkJob(started: BulkJob): JobProgress {
  const liveState = useStore(live.$state).state
  const [progress, setProgress] = useState<JobProgress>({
    status: started.status,
    done: started.done,
    count: started.count,
    job: isFinished(started.status) ? started : null,
    polling: false,
    message: '',
  })
  const finished = isFinished(progress.status) && progress.job !== null && isFinished(progress.job.status)
  const read = useRef<() => void>(() => undefined)

  useEffect(() => {
    const controller = new AbortController()
    read.current = () =>
      void bulkJob(started.id, controller.signal).then((result) => {
        if (controller.signal.aborted) return
        setProgress((old) =>
          result.ok
            ? { ...old, status: result.data.status, done: result.data.done, count: result.data.count, job: result.data, message: '' }
            : { ...old, message: result.message },
        )
      })
    return () => controller.abort()
  }, [started.id])

  useEffect(
    () =>
      live.listen((event) => {
        if (event.type !== 'bulk' || event.data.id !== started.id) return
        setProgress((old) => ({ ...old, status: event.data.status, done: event.data.done, count: event.data.count }))
        if (isFinished(event.data.status)) read.current()
      }),
    [started.id],
  )

  const polling = liveState !== 'live'
  useEffect(() => {
    if (finished) return
    const timer = setInterval(() => read.current(), polling ? POLL_MS : POLL_LIVE_MS)
    return () => clearInterval(timer)
  }, [finished, polling])

  return { ...progress, polling: polling && !finished }
}
