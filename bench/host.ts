import { closeSync, fstatSync, openSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { median, round, table } from './lib';

// `npm run bench:host`: what the kernel charges this machine for the two things a server's
// fan-out and a browser's first load do most, against a loop of plain JavaScript in the same
// run. A virtual machine can run JavaScript at full speed and still charge ten times the usual
// price for each system call or first touch of a page; the other benches' figures move with
// these, so they print them too (`hostLine`).

const PAGE = 4096;
const SYSCALLS = 200_000;
const FAULT_BYTES = 64 * 1024 * 1024;

export type HostCosts = { syscallUs: number; pageFaultUs: number; jsLoopNs: number };

/** One `fstat` on an open file: a system call and little else. */
function syscallUs(): number {
  const fd = openSync('/dev/null', 'r');
  try {
    const started = process.hrtime.bigint();
    for (let i = 0; i < SYSCALLS; i++) fstatSync(fd);
    return Number(process.hrtime.bigint() - started) / 1000 / SYSCALLS;
  } finally {
    closeSync(fd);
  }
}

/** The first write to each page of fresh memory (allocated outside the JS heap, so mapped anew). */
function pageFaultUs(): number {
  const memory = Buffer.allocUnsafeSlow(FAULT_BYTES);
  const started = process.hrtime.bigint();
  for (let at = 0; at < FAULT_BYTES; at += PAGE) memory[at] = 1;
  return Number(process.hrtime.bigint() - started) / 1000 / (FAULT_BYTES / PAGE);
}

/** A step of arithmetic: the yardstick that does not enter the kernel. */
function jsLoopNs(): number {
  const steps = 20_000_000;
  let x = 1;
  const started = process.hrtime.bigint();
  for (let i = 0; i < steps; i++) x = (x * 31 + i) % 1_000_003;
  const ns = Number(process.hrtime.bigint() - started) / steps;
  if (x < 0) throw new Error('unreachable: keeps the loop from being optimised away');
  return ns;
}

/** Median of `runs` measurements of each cost. */
export function measureHost(runs = 5): HostCosts {
  const samples: HostCosts[] = [];
  for (let i = 0; i < runs; i++) samples.push({ syscallUs: syscallUs(), pageFaultUs: pageFaultUs(), jsLoopNs: jsLoopNs() });
  return {
    syscallUs: median(samples.map((s) => s.syscallUs)),
    pageFaultUs: median(samples.map((s) => s.pageFaultUs)),
    jsLoopNs: median(samples.map((s) => s.jsLoopNs)),
  };
}

/** One line for another bench's report. */
export function hostLine(costs = measureHost(3)): string {
  return `Host: a system call ${round(costs.syscallUs, 2)} µs, a page's first touch ${round(costs.pageFaultUs, 2)} µs, a JavaScript loop step ${round(costs.jsLoopNs, 2)} ns (npm run bench:host).`;
}

function main() {
  const costs = measureHost();
  process.stdout.write(
    `${table(
      ['cost (median of 5)', 'value', '× a JavaScript loop step'],
      [
        ['system call (fstat)', `${round(costs.syscallUs, 2)} µs`, `${Math.round((costs.syscallUs * 1000) / costs.jsLoopNs)}×`],
        ['first touch of a page', `${round(costs.pageFaultUs, 2)} µs`, `${Math.round((costs.pageFaultUs * 1000) / costs.jsLoopNs)}×`],
        ['JavaScript loop step', `${round(costs.jsLoopNs, 2)} ns`, '1×'],
      ],
    )}\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) main();
