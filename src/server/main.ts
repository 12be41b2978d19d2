import { optionsFromEnv } from './config'
import { readDocs } from './docs'
import { startServer } from './server'

process.on('unhandledRejection', (reason) => console.error('Unhandled rejection:', reason))

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
  const stop = (signal: string) => {
    console.log(`${signal}: closing`)
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
