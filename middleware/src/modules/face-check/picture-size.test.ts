import { pictureSize } from './picture-size.js';
import {
  decodePng,
  encodeJpeg,
  encodePng,
  pngDeclaring,
  pngWithSecondHeader,
  portraitPng,
  solid,
} from './test-images.js';

describe('pictureSize', () => {
  it('reads the size a real PNG and a real JPEG declare', () => {
    expect(pictureSize(portraitPng())).toEqual({ format: 'png', width: 512, height: 512 });
    const jpeg = encodeJpeg(solid(640, 480, 100), 80);
    expect(pictureSize(jpeg)).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(pictureSize(encodePng(solid(3, 7, 0)))).toEqual({ format: 'png', width: 3, height: 7 });
    expect(pictureSize(encodeJpeg(decodePng(portraitPng()), 60))?.width).toBe(512);
  });

  it('reads a bomb’s declared size without decoding it', () => {
    expect(pictureSize(pngDeclaring(16000, 16000))).toEqual({
      format: 'png',
      width: 16000,
      height: 16000,
    });
  });

  it('answers null for a PNG with a second header, which the decoder would follow', () => {
    const hidden = pngWithSecondHeader({ width: 64, height: 64 }, { width: 6000, height: 6000 });
    expect(pictureSize(hidden)).toBeNull();
    // The same picture with its one header is read as before.
    const honest = pngWithSecondHeader({ width: 64, height: 64 }, { width: 64, height: 64 });
    expect(pictureSize(Buffer.concat([honest.subarray(0, 33), honest.subarray(58)]))).toEqual({
      format: 'png',
      width: 64,
      height: 64,
    });
  });

  it('answers null for what is neither, or is cut short', () => {
    expect(pictureSize(Buffer.from('GIF89a........'))).toBeNull();
    expect(pictureSize(Buffer.alloc(0))).toBeNull();
    expect(pictureSize(portraitPng().subarray(0, 20))).toBeNull();
    expect(pictureSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
    expect(pictureSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]))).toBeNull();
  });
});
