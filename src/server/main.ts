import { optionsFromEnv } from './config'
import { readDocs } from './docs'
import { consoleLogger } from './log'
import { startServer } from './server'

/** Past the 10 s given to requests in flight, what else closing waits for (mail being sent) gets this long. */
const STOP_BOUND_MS = 20_000

process.on('unhandledRejection', (reason) => consoleLogger.error('Unhandled rejection:', reason))

try {
  // The sources of each screen for the Show Code panel, written by the build beside this bundle.
  const options = { ...optionsFromEnv(process.env), docs: readDocs(new URL('./docs.json', import.meta.url)) }
  const server = await startServer(options)
  console.log(`Console on http://localhost:${server.port}`)
  if (!options.publicUrl) {
    console.log(
      `PUBLIC_URL is not set: mailed links and sign-in redirects point to localhost (http://localhost:${server.port}), ` +
        'never to a Host header a request brings. Set PUBLIC_URL to the address users open.',
    )
  }
  // SIGTERM and Ctrl-C answer what is in flight (up to 10 s) and close the database; a second one ends at once.
  const stop = (signal: string) => {
    console.log(`${signal}: closing`)
    setTimeout(() => {
      console.error(`Still closing after ${STOP_BOUND_MS / 1000} s: exiting`)
      process.exit(1)
    }, STOP_BOUND_MS).unref()
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Could not close cleanly:', error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error('The server could not start:', error)
  process.exit(1)
}
