import { describe, expect, it } from 'vitest'
import { cropToFourThree } from './photo'

describe('photo crop to 4:3', () => {
  it.each([
    [1280, 720, { sx: 160, sy: 0, sw: 960, sh: 720 }],
    [640, 480, { sx: 0, sy: 0, sw: 640, sh: 480 }],
    [480, 640, { sx: 0, sy: 140, sw: 480, sh: 360 }],
    [1000, 1000, { sx: 0, sy: 125, sw: 1000, sh: 750 }],
  ])('%i×%i → %j', (width, height, crop) => {
    expect(cropToFourThree(width, height)).toEqual(crop)
  })
})
