// Pictures (spec 002 section 7): photos of flows, intakes, projects and form photo fields.

export { customerPictureUrls, zCustomerPicture } from './customer-picture';
export {
  deletePicturesOf,
  deletePicturesOfItem,
  insertPicture,
  listPictures,
  movePicturesOnMerge,
  type PictureWhere,
  picturesOfItems,
  removePictureFiles,
  resolveTarget,
  toPicture,
} from './pictures';
export { PICTURE_TEXTS, processPicture, THUMBNAIL_WIDTH } from './process-picture';
export { storeProcessed } from './store-picture';
