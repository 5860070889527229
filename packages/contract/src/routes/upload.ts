// Uploads: /seller/upload/
export const uploadImage = '/seller/upload/img';
export const uploadFile = '/seller/upload/files/:key';
