// The threads of a process as Linux lists them, for the tests of the server's thread priorities
// (common/thread-priority.ts).
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessThread {
  threadId: number;
  name: string;
  /** The thread's nice value: /proc/<pid>/task/<tid>/stat's 19th field. */
  nice: number;
}

/** Each thread of the process `pid` ('self': this one). */
export function threadsOf(pid: number | 'self'): ProcessThread[] {
  const task = `/proc/${pid}/task`;
  return readdirSync(task).map((threadId) => {
    const stat = readFileSync(`${task}/${threadId}/stat`, 'utf8');
    // The name sits in parentheses and may hold spaces: the fields are counted after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      threadId: Number(threadId),
      name: readFileSync(`${task}/${threadId}/comm`, 'utf8').trim(),
      nice: Number(fields[16]),
    };
  });
}
