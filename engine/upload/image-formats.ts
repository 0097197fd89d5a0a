/**
 * engine/upload: images -> dimensions, the optimized original and Strapi's responsive formats, with
 * sharp, as the upload plugin's settings say (model.json `config.upload`). `thumbnail` fits inside
 * 245x156 (always made); each breakpoint (default `large` 1000, `medium` 750, `small` 500; none when
 * `responsiveDimensions` is false) fits inside a square of that side; each is made only when the
 * original is larger, in the original's format. `sizeOptimization` re-encodes the original (quality
 * 80) and `autoOrientation` turns it upright, kept only when that makes it smaller, as Strapi does.
 * Anything sharp cannot read (or an image over sharp's pixel limit) simply gets no dimensions and no
 * formats, as in Strapi.
 *   1200x800 PNG -> thumbnail 234x156, large 1000x667, medium 750x500, small 500x333
 */
import sharp from 'sharp';

/** Formats whose dimensions are read. */
const PROCESSED = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif', 'avif', 'svg']);
/** Formats that get resized copies. */
const RESIZED = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif', 'avif']);

/** Formats whose originals are re-encoded (gif and svg are stored as sent). */
const OPTIMIZED = new Set(['jpeg', 'png', 'webp', 'tiff', 'avif']);

const THUMBNAIL = { key: 'thumbnail', width: 245, height: 156 } as const;

/** The upload plugin's image settings (compiler/model/types.ts `UploadPluginConfig`). */
export interface ImageSettings {
  /** format name -> width, largest first */
  readonly breakpoints: Readonly<Record<string, number>>;
  readonly sizeOptimization: boolean;
  readonly responsiveDimensions: boolean;
  readonly autoOrientation: boolean;
}

export const DEFAULT_IMAGE_SETTINGS: ImageSettings = {
  breakpoints: { large: 1000, medium: 750, small: 500 }, sizeOptimization: true, responsiveDimensions: true, autoOrientation: false,
};

sharp.cache(false);

export interface ImageInfo {
  width: number;
  height: number;
  /** sharp's format name: jpeg, png, ... */
  format: string;
  /** the EXIF orientation (1: upright, none) */
  orientation?: number;
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
    return { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, format: meta.format, ...(meta.orientation && meta.orientation !== 1 ? { orientation: meta.orientation } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * The original re-encoded as the settings say (quality 80 with `sizeOptimization`, turned upright with
 * `autoOrientation`), or undefined when that would not make it smaller (the original is kept as sent).
 *   a 240 KB solid-colour PNG -> a palette PNG of a few KB
 */
export async function optimizeImage(path: string, info: ImageInfo, size: number, settings: ImageSettings): Promise<{ data: Buffer; width: number; height: number } | undefined> {
  if (!(settings.sizeOptimization || settings.autoOrientation) || !OPTIMIZED.has(info.format)) return undefined;
  try {
    // turned upright; or, as Strapi re-encodes, without metadata (no colour profile is added: the
    // same bytes as Strapi's), except the EXIF of a turned picture, kept so viewers still turn it
    const image = settings.autoOrientation ? sharp(path).rotate() : info.orientation ? sharp(path).keepExif() : sharp(path);
    const quality = settings.sizeOptimization ? 80 : 100;
    const encoded = info.format === 'jpeg' ? image.jpeg({ quality }) : info.format === 'png' ? image.png({ quality }) : info.format === 'webp' ? image.webp({ quality })
      : info.format === 'tiff' ? image.tiff({ quality }) : image.avif({ quality });
    const { data, info: made } = await encoded.toBuffer({ resolveWithObject: true });
    return data.length < size ? { data, width: made.width, height: made.height } : undefined;
  } catch {
    return undefined;
  }
}

/** The formats Strapi makes for `info`'s image, in Strapi's order (thumbnail first, then the breakpoints largest first). */
export async function resizeImage(path: string, info: ImageInfo, settings: ImageSettings = DEFAULT_IMAGE_SETTINGS): Promise<ResizedImage[]> {
  if (!RESIZED.has(info.format)) return [];
  const breakpoints = settings.responsiveDimensions ? Object.entries(settings.breakpoints).map(([key, side]) => ({ key, width: side, height: side })) : [];
  const wanted = [
    ...(info.width > THUMBNAIL.width || info.height > THUMBNAIL.height ? [THUMBNAIL] : []),
    ...breakpoints.filter((b) => info.width > b.width || info.height > b.height),
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
