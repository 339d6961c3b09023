// typewriter-effect's package main is its React wrapper (30 KB, lodash's deep equality
// included); its `dist/core.js` (13 KB) is the typing class alone, which the home hero drives
// itself (docs/decisions.md D96). The same class as the wrapper's, with the package's own types.
declare module 'typewriter-effect/dist/core' {
  import type { TypewriterClass } from 'typewriter-effect';

  const Typewriter: typeof TypewriterClass;
  export default Typewriter;
}
