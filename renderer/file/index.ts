/** The file domain in the renderer: no screens of its own; the image picker other domains' forms use. */
import { defineScreens } from '../manifest.js';

export { ImageUploader, type ImageUploaderProps } from './ImageUploader.js';
export { useImagePick } from './useImagePick.js';

export const fileScreens = defineScreens({ name: 'file', screens: {} });
