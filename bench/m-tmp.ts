import sharp from 'sharp';
import { OfflineSketchGenerator } from '../apps/server/src/ideas/offline-sketch.js';
const g = new OfflineSketchGenerator();
const prompts = ['a ginger cat in the garden at night', 'a red house with a blue roof in winter', 'koi fish', 'a sailboat at sea', 'love heart pink', 'a rabbit and a mushroom in the forest', 'a purple butterfly', 'a puppy', 'an apple tree in autumn'];
const inputs = await Promise.all(prompts.map(async (p, i) => ({ input: await sharp(await g.generate(p)).resize(340).toBuffer(), left: (i % 3) * 340, top: Math.floor(i / 3) * 340 })));
await sharp({ create: { width: 1020, height: 1020, channels: 3, background: '#fff' } }).composite(inputs).png().toFile('/tmp/montage.png');
