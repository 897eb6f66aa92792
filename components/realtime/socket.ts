import { browserSocket, type SocketClient, type SocketProblem } from '@/lib/realtime/client';

// browserSocket(onProblem) replaces the page's problem handler on every call, so every
// component here passes this one relay and RealtimeRoot alone decides what it shows.
let report: (problem: SocketProblem) => void = () => {};
const relay = (problem: SocketProblem) => report(problem);

export function setProblemReporter(fn: (problem: SocketProblem) => void): void {
  report = fn;
}

/** The page's one socket. */
export function appSocket(): SocketClient {
  return browserSocket(relay);
}
