// A step of a snapshot's start (src/app/start.tsx), not one of src/main.tsx's stages: importing
// it evaluates RTK Query's chunk on its own, ahead of the app's endpoints (base-api and the
// screen's), which were one task of 55–70 ms at 4× CPU with it (docs/decisions.md D80). It names
// one export the app uses anyway, as the stages do, so the chunk stays tree-shaken.
export { createApi } from '@reduxjs/toolkit/query/react';
