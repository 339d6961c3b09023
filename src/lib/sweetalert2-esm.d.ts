// sweetalert2's package.json sends bundlers to its UMD build (the `browser` field), which drags
// the CommonJS interop runtime into the shared chunks. lib/dialogs.ts imports the ES build
// directly; it has the same API and types.
declare module 'sweetalert2/dist/sweetalert2.esm.all.js' {
  export { default } from 'sweetalert2';
}
