/**
 * Demo photos: small flat-style portraits (96×128 PNG, a few KB each) drawn in code, so cards and
 * registration screens show a real image without binary files in the repository.
 */
import { encodePng, type Rgb } from '../../db/png'

const WIDTH = 96
const HEIGHT = 128
/** Samples per pixel side: edges are smoothed by averaging a 4×4 grid. */
const SAMPLES = 4

interface Look {
  background: Rgb
  skin: Rgb
  hair: Rgb
  shirt: Rgb
  longHair: boolean
}

type Shape = { colour: Rgb; inside: (x: number, y: number) => boolean }

const ellipse = (cx: number, cy: number, rx: number, ry: number) => (x: number, y: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1

const shade = ([r, g, b]: Rgb, factor: number): Rgb => [r * factor, g * factor, b * factor]

/** Back to front: later shapes cover earlier ones. */
function shapes(look: Look): Shape[] {
  const head = ellipse(48, 54, 20, 24)
  const backHair = ellipse(48, 60, 29, 33)
  return [
    ...(look.longHair
      ? [
          {
            colour: look.hair,
            inside: (x: number, y: number) =>
              backHair(x, y) || (x > 19 && x < 77 && y > 60 && y < 104),
          },
        ]
      : []),
    { colour: look.shirt, inside: ellipse(48, 133, 44, 40) },
    { colour: shade(look.skin, 0.88), inside: (x, y) => x > 40.5 && x < 55.5 && y > 66 && y < 96 },
    { colour: shade(look.shirt, 0.8), inside: (x, y) => ellipse(48, 93, 9, 6)(x, y) && y > 93 },
    { colour: look.skin, inside: ellipse(28.5, 57, 3.5, 5.5) },
    { colour: look.skin, inside: ellipse(67.5, 57, 3.5, 5.5) },
    { colour: look.skin, inside: head },
    {
      colour: look.hair,
      // The top of the head cut by a fringe sloping from left to right, with short sideburns.
      inside: (x, y) =>
        ellipse(48, 50, 21.5, 22.5)(x, y) &&
        (y < 42 + (x - 30) * 0.12 || (Math.abs(x - 48) > 17 && y < 50)),
    },
    { colour: [40, 32, 30], inside: ellipse(41, 56, 2, 2.3) },
    { colour: [40, 32, 30], inside: ellipse(55, 56, 2, 2.3) },
    { colour: shade(look.skin, 0.8), inside: (x, y) => ellipse(48, 64, 2.2, 2)(x, y) && y > 63.5 },
    { colour: [178, 82, 82], inside: (x, y) => ellipse(48, 68.5, 5.5, 2.6)(x, y) && y > 68.5 },
  ]
}

export function portraitPng(look: Look): Buffer {
  const layers = shapes(look)
  const colourAt = (x: number, y: number): Rgb => {
    for (let index = layers.length - 1; index >= 0; index--) {
      const layer = layers[index] as Shape
      if (layer.inside(x, y)) return layer.colour
    }
    return look.background
  }
  return encodePng(WIDTH, HEIGHT, (px, py) => {
    let [red, green, blue] = [0, 0, 0]
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const [r, g, b] = colourAt(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES)
        red += r
        green += g
        blue += b
      }
    }
    const average = (total: number) => Math.round(total / SAMPLES ** 2)
    return [average(red), average(green), average(blue)]
  })
}

const looks = {
  ana: {
    background: [207, 224, 247],
    skin: [226, 176, 143],
    hair: [74, 46, 32],
    shirt: [11, 79, 168],
    longHair: true,
  },
  pedro: {
    background: [214, 236, 222],
    skin: [234, 194, 164],
    hair: [122, 82, 46],
    shirt: [230, 122, 40],
    longHair: false,
  },
  maria: {
    background: [245, 222, 214],
    skin: [198, 140, 105],
    hair: [32, 25, 23],
    shirt: [150, 60, 110],
    longHair: true,
  },
  bruno: {
    background: [220, 228, 240],
    skin: [141, 93, 64],
    hair: [26, 21, 19],
    shirt: [40, 110, 80],
    longHair: false,
  },
  carla: {
    background: [240, 230, 205],
    skin: [236, 200, 175],
    hair: [170, 70, 40],
    shirt: [60, 60, 120],
    longHair: true,
  },
  davi: {
    background: [225, 220, 240],
    skin: [205, 150, 110],
    hair: [60, 40, 30],
    shirt: [190, 60, 60],
    longHair: false,
  },
  elisa: {
    background: [215, 235, 240],
    skin: [240, 205, 180],
    hair: [215, 175, 95],
    shirt: [90, 140, 200],
    longHair: true,
  },
} satisfies Record<string, Look>

const drawn = new Map<keyof typeof looks, string>()

/** The person's demo photo as the API carries it (`image.base_64`), drawn once per process. */
export function demoPhoto(who: keyof typeof looks): string {
  let base64 = drawn.get(who)
  if (base64 === undefined) {
    base64 = portraitPng(looks[who]).toString('base64')
    drawn.set(who, base64)
  }
  return base64
}
