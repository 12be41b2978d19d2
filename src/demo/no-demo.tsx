/**
 * What the screen table loads for a demo page in a build made without the demo pages
 * (`node build.mjs --no-demo`): nothing. No route leads here then; the table just stays whole.
 */
export default function NoDemo() {
  return null
}
