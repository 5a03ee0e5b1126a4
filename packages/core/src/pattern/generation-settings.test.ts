import { describe, expect, it } from 'vitest';
import { NEUTRAL_ADJUSTMENTS } from './adjust.js';
import { DEFAULT_GENERATION_SETTINGS, fromGenerationFields, toGenerationFields, type GenerationSettings } from './generation-settings.js';

describe('generation settings under the API’s names', () => {
  const chosen: GenerationSettings = {
    colors: 37,
    cellSize: 9,
    maxSide: 150,
    useKmeans: true,
    symbols: true,
    removeBackground: true,
    mergeThreads: true,
    cleanConfetti: false,
    dithering: 'soft',
    blends: 'on',
    onlyOwnedThreads: true,
    leftOutThreads: ['3865'],
    brand: 'anchor',
    brightness: -20,
    contrast: 35,
    saturation: -100,
    gamma: 1.25,
    sharpen: 60,
    autoLevels: true,
  };

  it('names each setting as the specification’s form does', () => {
    expect(toGenerationFields(chosen)).toEqual({
      colors: 37,
      cell_size: 9,
      max_side: 150,
      use_kmeans: true,
      return_symbols_overlay: true,
      remove_background: true,
      merge_dmc_colors: true,
      clean_confetti: false,
      dithering: 'soft',
      blends: 'on',
      only_owned_threads: true,
      left_out_threads: ['3865'],
      brand: 'anchor',
      brightness: -20,
      contrast: 35,
      saturation: -100,
      gamma: 1.25,
      sharpen: 60,
      auto_levels: true,
    });
  });

  it('reads back what it wrote, and takes what is missing from the defaults', () => {
    expect(fromGenerationFields(toGenerationFields(chosen))).toEqual(chosen);
    expect(fromGenerationFields({ colors: 8, return_symbols_overlay: true })).toEqual({ ...DEFAULT_GENERATION_SETTINGS, colors: 8, symbols: true });
    expect(fromGenerationFields({}, chosen)).toEqual(chosen);
    // An older project's parameters, from before the photo adjustments: the photo as it was.
    expect(fromGenerationFields({ colors: 8 })).toMatchObject(NEUTRAL_ADJUSTMENTS);
  });
});
