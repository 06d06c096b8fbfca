import { attemptStoreSuite } from './attempt-store.suite.ts'
import { createMemoryAttemptStore } from './memory-attempt-store.ts'

attemptStoreSuite('memory', async () => ({ store: createMemoryAttemptStore(), close: async () => undefined }))
