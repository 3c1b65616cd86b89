// The media library (decision 064): what mail templates and document widgets use of it.
export {
  findMediaFile,
  type MediaFileRecord,
  mediaImagesByTokens,
  PUBLIC_MEDIA_PATH,
} from './media-files';
