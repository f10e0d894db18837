/**
 * Real memory of a browser, read the way the kernel accounts it: the proportional set size (PSS) of
 * the browser process and every process under it (renderers, GPU, utility), from /proc.
 */
import { readFileSync, readdirSync } from 'node:fs';

interface ProcessEntry {
  pid: number;
  ppid: number;
  cmdline: string;
}

function processes(): ProcessEntry[] {
  const list: ProcessEntry[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      list.push({ pid: Number(entry), ppid, cmdline });
    } catch {
      // The process ended meanwhile.
    }
  }
  return list;
}

function pss(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * PSS in bytes of the browser(s) whose command line contains `marker` (a launch flag only that browser
 * has), with all their descendants.
 */
export function browserPss(marker: string): number {
  const all = processes();
  const byPid = new Map(all.map((p) => [p.pid, p]));
  const roots = all.filter((p) => p.cmdline.includes(marker) && !byPid.get(p.ppid)?.cmdline.includes(marker));
  if (roots.length === 0) throw new Error(`No browser process has ${marker} on its command line`);
  const children = new Map<number, number[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  let total = 0;
  const queue = roots.map((r) => r.pid);
  for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
    total += pss(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * The same browser's PSS per process, in MB, keyed by process kind and pid ("renderer:1234"): to see
 * where a growth sits when a bound is missed.
 */
export function browserPssByProcess(marker: string): Record<string, number> {
  const all = processes();
  const byPid = new Map(all.map((p) => [p.pid, p]));
  const roots = all.filter((p) => p.cmdline.includes(marker) && !byPid.get(p.ppid)?.cmdline.includes(marker));
  const children = new Map<number, number[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const out: Record<string, number> = {};
  const queue = roots.map((r) => r.pid);
  for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
    const cmd = byPid.get(pid)?.cmdline ?? '';
    const kind = /--utility-sub-type=(\S+)/.exec(cmd)?.[1] ?? /--type=(\S+)/.exec(cmd)?.[1] ?? 'browser';
    out[`${kind}:${String(pid)}`] = Math.round(pss(pid) / 1048576);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}
