// Summarises a V8 CPU profile (`node --cpu-prof`, e.g. BENCH_CPU_PROF=<dir> npx tsx
// bench/api-speed.ts): the functions with the most self time, and the packages they belong to.
// Usage: npx tsx bench/cpu-profile-top.ts <file.cpuprofile> [how many, default 25]
import { readFileSync } from 'node:fs';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const [file, countArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx bench/cpu-profile-top.ts <file.cpuprofile> [count]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

// Self time per sample: the delta until the next sample is charged to the node on top.
const selfUs = new Map<number, number>();
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index + 1] ?? 0;
  selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
});

function where(frame: CallFrame): string {
  const url = frame.url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url === '') return '(native)';
  if (url.startsWith('node:')) return 'node';
  return url.replace(/^.*?\/(server|contract|bench)\//, '$1/');
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  total += us;
  const place = where(frame);
  const name = `${frame.functionName || '(anonymous)'}  ${place}:${frame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  byPackage.set(place, (byPackage.get(place) ?? 0) + us);
}

const top = (map: Map<string, number>, count: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');

const count = Number(countArg ?? 25);
console.log(
  `${(total / 1e6).toFixed(2)} s sampled\n\nself time by function:\n${top(byFunction, count)}`,
);
console.log(`\nself time by package or file:\n${top(byPackage, 15)}`);
