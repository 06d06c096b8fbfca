/** `bytes` cut at the given places (each taken modulo the length, sorted; a place twice gives an empty chunk). */
export function cutAt(bytes: Buffer, cuts: number[]): Buffer[] {
  const at = [0, ...cuts.map((cut) => cut % (bytes.length + 1)).sort((a, b) => a - b), bytes.length]
  return at.slice(1).map((end, i) => bytes.subarray(at[i], end))
}
