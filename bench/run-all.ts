// `npm run bench`: every benchmark in turn.
import { run } from '../scripts/lib/processes';

let failed = 0;
for (const script of [
  'bench/first-load.ts',
  'bench/lighthouse.ts',
  'bench/field-inp.ts',
  'bench/books.ts',
  'bench/api-speed.ts',
  'bench/checkout.ts',
  'bench/payment-kill.ts',
  'bench/learning.ts',
  'bench/admin-orders.ts',
  'bench/chat.ts',
  'bench/board.ts',
  'bench/board-open.ts',
  'bench/cluster.ts',
]) {
  console.log(`\n=== ${script} ===`);
  if ((await run('node_modules/.bin/tsx', [script])) !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
