// Pictures (spec 002 section 7): photos of flows, intakes, projects and form photo fields.
import { registerFlowMergeStep } from '../flows';
import { movePicturesOnMerge } from './pictures';

export {
  deletePicturesOf,
  deletePicturesOfItem,
  insertPicture,
  listPictures,
  type PictureWhere,
  picturesOfItems,
  removePictureFiles,
  resolveTarget,
  toPicture,
} from './pictures';
export { customerPictureUrls, storeProcessed, zCustomerPicture } from './pictures.routes';
export { PICTURE_TEXTS, processPicture, THUMBNAIL_WIDTH } from './process-picture';

registerFlowMergeStep(movePicturesOnMerge);
