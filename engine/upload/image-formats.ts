/**
 * engine/upload: images -> dimensions and Strapi's responsive formats, with sharp. `thumbnail` fits
 * inside 245x156; `large` 1000, `medium` 750, `small` 500 fit inside a square of that side; each is
 * made only when the original is larger, in the original's format. Anything sharp cannot read (or
 * an image over sharp's pixel limit) simply gets no dimensions and no formats, as in Strapi.
 *   1200x800 PNG -> thumbnail 234x156, large 1000x667, medium 750x500, small 500x333
 */
import sharp from 'sharp';

/** Formats whose dimensions are read. */
const PROCESSED = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif', 'avif', 'svg']);
/** Formats that get resized copies. */
const RESIZED = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif', 'avif']);

const THUMBNAIL = { key: 'thumbnail', width: 245, height: 156 } as const;
const BREAKPOINTS = [
  { key: 'large', width: 1000, height: 1000 },
  { key: 'medium', width: 750, height: 750 },
  { key: 'small', width: 500, height: 500 },
] as const;

sharp.cache(false);

export interface ImageInfo {
  width: number;
  height: number;
  /** sharp's format name: jpeg, png, ... */
  format: string;
}

export interface ResizedImage {
  /** `thumbnail`, `large`, `medium`, `small` */
  key: string;
  data: Buffer;
  width: number;
  height: number;
}

/** Dimensions of an image file, or undefined when it is not one sharp reads. */
export async function imageInfo(path: string, mime: string): Promise<ImageInfo | undefined> {
  if (!mime.startsWith('image/')) return undefined;
  try {
    const meta = await sharp(path).metadata();
    if (!meta.format || !PROCESSED.has(meta.format) || !meta.width || !meta.height) return undefined;
    // EXIF orientations 5-8 turn the picture a quarter: report what a viewer shows
    const turned = (meta.orientation ?? 1) >= 5;
    return { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, format: meta.format };
  } catch {
    return undefined;
  }
}

/** The formats Strapi makes for `info`'s image, in Strapi's order (thumbnail first). */
export async function resizeImage(path: string, info: ImageInfo): Promise<ResizedImage[]> {
  if (!RESIZED.has(info.format)) return [];
  const wanted = [
    ...(info.width > THUMBNAIL.width || info.height > THUMBNAIL.height ? [THUMBNAIL] : []),
    ...BREAKPOINTS.filter((b) => info.width > b.width || info.height > b.height),
  ];
  const out: ResizedImage[] = [];
  for (const size of wanted) {
    try {
      const { data, info: made } = await sharp(path)
        .rotate()
        .resize({ width: size.width, height: size.height, fit: 'inside' })
        .toBuffer({ resolveWithObject: true });
      out.push({ key: size.key, data, width: made.width, height: made.height });
    } catch {
      // an image sharp can describe but not decode (truncated, over the pixel limit): no formats
      return [];
    }
  }
  return out;
}
