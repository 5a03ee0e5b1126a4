// The header reader lives in the core, so that the browser reads a picture's size the same way.
export { sniffImage, type ImageFormat, type ImageHeader } from '@stitchwise/core';
