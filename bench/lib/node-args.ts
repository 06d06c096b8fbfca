/**
 * The bench's `--node-args`: node's own flags for every Sallyport process it starts (`dev` and its workers,
 * gateways, nodes), and for no other: the load generator, the target and the floor run as they always do,
 * so that a flag's cost or gain shows in Sallyport's figures alone (docs/performance.md, "How to run").
 */

/**
 * `--node-args`: node's own flags, split at white space. Each must be a flag (`--name` or `--name=value`):
 * a word that is not would be taken by node as the script to run.
 */
export function nodeArgs(raw: string | undefined): string[] {
  if (raw === undefined) return []
  const words = raw.split(/\s+/).filter((word) => word !== '')
  if (words.length === 0)
    throw new Error('--node-args takes node flags, e.g. --node-args=--single-threaded-gc')
  for (const word of words) {
    if (!/^--[a-z0-9][a-z0-9_-]*(=\S+)?$/i.test(word))
      throw new Error(`--node-args: ${JSON.stringify(word)} is not a node flag (--name or --name=value)`)
  }
  return words
}
