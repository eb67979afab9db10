/**
 * The app built with another brand file (decision 023) into a folder of its own, beside dist/
 * (which the other journeys serve): for the brand journey and `BRAND_FILE=… npm run screenshots`.
 * It skips what a server started on it does not read: the precompressed copies (the server then
 * sends the plain files) and the server bundle.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

/** Builds the app with `brandFile` into a new folder under .tmp/ and returns its path. */
export function buildBrandedApp(brandFile: string): string {
  mkdirSync(join(root, '.tmp'), { recursive: true })
  const outDir = mkdtempSync(join(root, '.tmp', 'branded-app-'))
  const env = { ...process.env, BRAND_FILE: brandFile, OUT_DIR: outDir }
  const run = (command: string, args: string[]) =>
    execFileSync(join(root, 'node_modules/.bin', command), args, {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  run('vite', ['build', '--logLevel', 'error'])
  for (const script of ['build-ssr', 'build-icons', 'build-sw'])
    run('tsx', [`scripts/${script}.ts`])
  return outDir
}
