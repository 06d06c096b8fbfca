#!/usr/bin/env node
// The `sallyport` command (package.json `bin`). The CLI is TypeScript run through tsx, a dependency of the
// package, so this launcher registers tsx's loader in this process and then loads the CLI.
import { register } from 'tsx/esm/api'

register()
await import('../src/bin/sallyport.ts')
