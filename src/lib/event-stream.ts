import { createParser } from 'eventsource-parser'

export interface StreamMessage {
  event: string
  id?: string
  data: string
}

export interface StreamHandlers {
  onOpen(): void
  onMessage(message: StreamMessage): void
  /** The stream ended or failed; `status` is the HTTP status when one came (0 when none did). */
  onClose(status: number): void
}

export interface StreamRequest {
  url: string
  headers: Record<string, string>
}

/** Opens one Server-Sent Events stream; the returned function ends it. */
export type OpenStream = (request: StreamRequest, handlers: StreamHandlers) => () => void

/**
 * Server-Sent Events over fetch, so the Bearer token travels in a header, never in the URL as
 * `EventSource` would need. eventsource-parser reads the wire format.
 */
export const openEventStream: OpenStream = (request, handlers) => {
  const controller = new AbortController()
  let closed = false
  const close = (status: number) => {
    if (closed) return
    closed = true
    handlers.onClose(status)
  }
  void (async () => {
    try {
      const response = await fetch(request.url, { headers: { Accept: 'text/event-stream', ...request.headers }, signal: controller.signal })
      if (!response.ok || !response.body) return close(response.status)
      handlers.onOpen()
      const parser = createParser({ onEvent: (message) => handlers.onMessage({ event: message.event ?? 'message', id: message.id, data: message.data }) })
      // TextDecoder rather than TextDecoderStream, which the oldest kiosk browsers lack.
      const decoder = new TextDecoder()
      const reader = response.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        parser.feed(decoder.decode(value, { stream: true }))
      }
      close(response.status)
    } catch {
      close(0)
    }
  })()
  return () => {
    closed = true
    controller.abort()
  }
}
