import type { MeteredRequest, MeteringService } from '../../src/gateway/metering/metering-service.ts'

/**
 * Metering in memory for tests of the fetch path: `billed` lists each billed request with its bytes, in
 * order; `open()` counts requests reserved and neither billed nor refunded yet (0 once every fetch ended).
 */
export function fakeMetering(): Pick<MeteringService, 'reserve'> & {
  billed: { accountId: string; bytes: number }[]
  refunds: string[]
  open(): number
} {
  const billed: { accountId: string; bytes: number }[] = []
  const refunds: string[] = []
  let reserved = 0
  return {
    billed,
    refunds,
    open: () => reserved - billed.length - refunds.length,
    reserve(accountId): MeteredRequest {
      reserved++
      let settled = false
      const settle = () => {
        if (settled) throw new Error('a metered request was settled twice')
        settled = true
      }
      return {
        committed: Promise.resolve(),
        bill(bytes) {
          settle()
          billed.push({ accountId, bytes })
        },
        async refund() {
          settle()
          refunds.push(accountId)
        },
      }
    },
  }
}
