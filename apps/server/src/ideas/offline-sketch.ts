import sharp from 'sharp';
import type { ImageGenerator } from './image-generator.js';
import { sketchSvg } from './sketch-scene.js';

/**
 * The offline idea generator: reads the subjects, colours and mood of a prompt and paints a simple
 * scene in flat colours with softly irregular, brush-like edges, which is what charts well: clear
 * shapes, a small palette, a plain background. No network and no model. The same prompt always
 * gives the same picture (the prompt seeds every choice); different prompts differ in subject,
 * colour, mood and layout.
 */
export class OfflineSketchGenerator implements ImageGenerator {
  readonly kind = 'offline_sketch' as const;

  async generate(prompt: string): Promise<Uint8Array> {
    return sharp(Buffer.from(sketchSvg(prompt)))
      .png({ compressionLevel: 9 })
      .toBuffer();
  }
}
