// pngjs ships no types of its own: the part of its API that server/chat/board-image.ts uses.
declare module 'pngjs' {
  /** A decoded PNG: its header's fields and its pixels as 8-bit RGBA, row by row. */
  export type DecodedPng = {
    width: number;
    height: number;
    depth: number;
    colorType: number;
    interlace: boolean;
    data: Buffer;
  };

  export type PngWriteOptions = {
    colorType?: number;
    inputColorType?: number;
    bitDepth?: 8 | 16;
    inputHasAlpha?: boolean;
    /** One filter for every row (0 None … 4 Paeth), or -1 to choose per row. */
    filterType?: number;
    deflateLevel?: number;
    deflateStrategy?: number;
  };

  export const PNG: {
    sync: {
      read(buffer: Buffer, options?: { checkCRC?: boolean }): DecodedPng;
      write(
        png: { width: number; height: number; data: Buffer },
        options?: PngWriteOptions,
      ): Buffer;
    };
  };
}
