/** The longest side a delivery photo keeps: enough to read a label or see a dent, a fraction of a camera's size. */
export const PHOTO_MAX_SIDE = 2048;
const PHOTO_QUALITY = 0.85;
/** A JPEG already this small is sent as it is. */
const SMALL_JPEG_BYTES = 1.5 * 1024 * 1024;

/**
 * A photo made ready to send from a phone: scaled down to PHOTO_MAX_SIDE and written as JPEG (camera photos
 * of several MB become a few hundred KB on a mobile network, and every photo can be drawn into the delivery
 * note). The picture is turned upright as the camera said. Whatever the browser cannot do, the original is
 * sent and the server judges it.
 */
export async function preparePhoto(file: File): Promise<File> {
  if (file.type === 'image/jpeg' && file.size <= SMALL_JPEG_BYTES) return file;
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a transparent PNG is laid on white, not black
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY));
    if (!blob || (file.type === 'image/jpeg' && blob.size >= file.size)) return file;
    const stem = file.name.replace(/\.[^.]*$/, '') || 'photo';
    return new File([blob], `${stem}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  }
}
