/**
 * CPU accounting from /proc (Linux): per process (all threads: the JS thread, libuv's pool, GC helpers)
 * and for the whole machine, sampled at the start and the end of each measured window. It shows how much
 * CPU a proxy spends per request, which stays meaningful even though everything shares two cores.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

let ticksPerSecond: number | undefined
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
    } catch {
      ticksPerSecond = 100
    }
  }
  return ticksPerSecond
}

/** User + system CPU time of a process in ms, or undefined when it is gone (or not Linux). */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return (ticks * 1000) / clockTicks()
  } catch {
    return undefined
  }
}

/**
 * User + system CPU time of a process's main thread in ms (its task whose id is the pid): for Node, the
 * JavaScript thread; the rest of the process's CPU is V8's compiler and GC threads and libuv's pool.
 */
export function mainThreadCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks()
  } catch {
    return undefined
  }
}

export type MachineCpu = { busy: number; total: number }

export function machineCpu(): MachineCpu | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
    const values = line.trim().split(/\s+/).slice(1).map(Number)
    // user nice system idle iowait irq softirq steal (guest time is already inside user)
    const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0)
    const idle = (values[3] ?? 0) + (values[4] ?? 0)
    return { busy: total - idle, total }
  } catch {
    return undefined
  }
}

export type CpuSnapshot = {
  at: number
  processes: Record<string, number | undefined>
  /** The same processes' main threads. */
  mainThreads: Record<string, number | undefined>
  machine: MachineCpu | undefined
}

/** One figure per name: the CPU ms of its processes together (the split Sallyport has two). */
export function snapshot(pids: Record<string, readonly number[]>): CpuSnapshot {
  const processes: Record<string, number | undefined> = {}
  const mainThreads: Record<string, number | undefined> = {}
  const sumOf = (list: readonly number[], read: (pid: number) => number | undefined) => {
    let sum: number | undefined = 0
    for (const pid of list) {
      const ms = read(pid)
      sum = ms === undefined || sum === undefined ? undefined : sum + ms
    }
    return sum
  }
  for (const [name, list] of Object.entries(pids)) {
    processes[name] = sumOf(list, processCpuMs)
    mainThreads[name] = sumOf(list, mainThreadCpuMs)
  }
  return { at: performance.now(), processes, mainThreads, machine: machineCpu() }
}

/** CPU ms each process used between two snapshots, and how busy the machine was (percent of all cores). */
export function cpuBetween(start: CpuSnapshot, end: CpuSnapshot) {
  const between = (before: Record<string, number | undefined>, after: Record<string, number | undefined>) => {
    const used: Record<string, number> = {}
    for (const [name, from] of Object.entries(before)) {
      const to = after[name]
      if (from !== undefined && to !== undefined) used[name] = to - from
    }
    return used
  }
  const processes = between(start.processes, end.processes)
  const mainThreads = between(start.mainThreads, end.mainThreads)
  const machine =
    start.machine !== undefined && end.machine !== undefined && end.machine.total > start.machine.total
      ? { busy: end.machine.busy - start.machine.busy, total: end.machine.total - start.machine.total }
      : undefined
  return {
    processesMs: processes,
    /** The part of `processesMs` their main threads used. */
    mainThreadsMs: mainThreads,
    /** Percent of all cores' time that was busy, whoever used it. */
    machineBusyPercent: machine === undefined ? undefined : (100 * machine.busy) / machine.total,
    /** CPU ms all processes used together, on all cores. */
    machineBusyMs: machine === undefined ? undefined : (machine.busy * 1000) / clockTicks(),
    /** All cores' time in the window, ms (window length times the number of cores). */
    machineTotalMs: machine === undefined ? undefined : (machine.total * 1000) / clockTicks(),
    windowMs: end.at - start.at,
  }
}

/**
 * A process and its descendants (Linux: /proc/<pid>/task/<tid>/children), so that a supervisor's workers
 * (`--workers N`) are counted with it. Just `[pid]` where /proc says nothing.
 */
export function processTree(pid: number): number[] {
  const found = [pid]
  for (let index = 0; index < found.length; index++) {
    const parent = found[index]!
    let tasks: string[] = []
    try {
      tasks = readdirSync(`/proc/${parent}/task`)
    } catch {
      continue
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim()
        if (children !== '') found.push(...children.split(/\s+/).map(Number))
      } catch {
        // The task ended meanwhile.
      }
    }
  }
  return found
}
